#pragma once
// ImageTable: where the periodic images a contact candidate may name are, how fast they move and
// how far they have moved since the step's start (docs/PERIODIC.md "Contacts across the
// boundary").
//
// Design note. A candidate across the boundary pairs member i with the image of member j at
// x_j + H n. Bodies are wrapped back into the cell before they stray a quarter of it (Simulation)
// and contacts reach less than half its width, so each n_k lies in -2..2: a candidate keeps n in
// one byte (PairCandidate::image), and the shifts of the 125 images are worked out once per
// force evaluation rather than per pair.
#include <array>

#include "model/PeriodicCell.h"

namespace tumble {

/// The image byte of n (each entry in -2..2); kNoImage is n = 0.
constexpr unsigned char encodeImage(int n0, int n1, int n2)
{
    return static_cast<unsigned char>((n0 + 2) * 25 + (n1 + 2) * 5 + (n2 + 2));
}
inline constexpr unsigned char kNoImage = encodeImage(0, 0, 0);
inline constexpr int kImages = 125;

/// n from its byte.
constexpr ImageShift decodeImage(unsigned char image)
{
    return {image / 25 - 2, image / 5 % 5 - 2, image % 5 - 2};
}

struct ImageTable {
    std::array<Vec3, kImages> shift;    ///< H n at the evaluated state, m
    std::array<Vec3, kImages> velocity; ///< L H n: the image's velocity relative to its body, m/s
    std::array<Vec3, kImages> slide;    ///< (H - H at the step's start) n: its displacement since then, m

    /// The table for a cell of side vectors h (m) moving under gradient (1/s), which had
    /// side vectors start (m) when the step began.
    void update(const Mat3& h, const Mat3& gradient, const Mat3& start)
    {
        const Mat3 moved = h - start;
        for (int k = 0; k < kImages; ++k) {
            const ImageShift n = decodeImage(static_cast<unsigned char>(k));
            const Vec3 v(n[0], n[1], n[2]);
            shift[static_cast<std::size_t>(k)] = h * v;
            velocity[static_cast<std::size_t>(k)] = gradient * shift[static_cast<std::size_t>(k)];
            slide[static_cast<std::size_t>(k)] = moved * v;
        }
    }
};

} // namespace tumble
