#include "model/SphereUnionIntegrals.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace tumble {

namespace {

constexpr double kPi = std::numbers::pi;

// slice integrals over a union of discs: A, Sx, Sy, Sxx, Syy, Sxy
using Slice = std::array<double, 6>;
// the ten 3D integrands: V, x, y, z, xx, yy, zz, xy, xz, yz
using Moments = std::array<double, 10>;

struct Circle {
    double x, y, r;
};

// Gauss-Legendre, 8 points on [-1, 1]: exact to machine precision for the trig polynomials of
// degree <= 5 below on arcs no longer than pi/4
constexpr std::array<double, 8> kGlX = {-0.9602898564975363, -0.7966664774136267, -0.5255324099163290,
                                        -0.1834346424956498, 0.1834346424956498,  0.5255324099163290,
                                        0.7966664774136267,  0.9602898564975363};
constexpr std::array<double, 8> kGlW = {0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
                                        0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};

// Green's theorem along the arc of circle c from angle a to b (counter-clockwise)
void addArc(const Circle& c, double a, double b, Slice& s)
{
    const int pieces = std::max(1, static_cast<int>(std::ceil((b - a) / (kPi / 4.0))));
    const double h = (b - a) / pieces;
    for (int p = 0; p < pieces; ++p) {
        const double mid = a + (p + 0.5) * h;
        for (std::size_t k = 0; k < kGlX.size(); ++k) {
            const double t = mid + 0.5 * h * kGlX[k];
            const double w = 0.5 * h * kGlW[k];
            const double ct = std::cos(t), st = std::sin(t);
            const double x = c.x + c.r * ct, y = c.y + c.r * st;
            const double dx = -c.r * st, dy = c.r * ct; // d(x, y)/dt
            s[0] += w * 0.5 * (x * dy - y * dx);        // area
            s[1] += w * 0.5 * x * x * dy;               // int x dA
            s[2] += w * -0.5 * y * y * dx;              // int y dA
            s[3] += w * x * x * x / 3.0 * dy;           // int x^2 dA
            s[4] += w * -y * y * y / 3.0 * dx;          // int y^2 dA
            s[5] += w * 0.5 * x * x * y * dy;           // int x y dA
        }
    }
}

// exact integrals over the union of discs
Slice discUnion(const std::vector<Circle>& circles)
{
    Slice s{};
    std::vector<std::pair<double, double>> covered;
    for (std::size_t i = 0; i < circles.size(); ++i) {
        const Circle& ci = circles[i];
        covered.clear();
        bool hidden = false;
        for (std::size_t j = 0; j < circles.size() && !hidden; ++j) {
            if (j == i)
                continue;
            const Circle& cj = circles[j];
            const double dx = cj.x - ci.x, dy = cj.y - ci.y;
            const double d = std::hypot(dx, dy);
            if (d >= ci.r + cj.r)
                continue; // apart
            if (d + ci.r <= cj.r) {
                // i inside j (an identical pair: the later one is hidden)
                hidden = !(d == 0.0 && ci.r == cj.r) || j < i;
                continue;
            }
            if (d + cj.r <= ci.r)
                continue; // j inside i: i's boundary is free
            // j covers the arc of i within half-angle alpha of the direction to j
            const double alpha =
                std::acos(std::clamp((ci.r * ci.r + d * d - cj.r * cj.r) / (2.0 * ci.r * d), -1.0, 1.0));
            const double phi = std::atan2(dy, dx);
            double lo = phi - alpha, hi = phi + alpha;
            // normalise into [0, 2 pi), splitting an interval that wraps
            lo = std::fmod(lo + 4.0 * kPi, 2.0 * kPi);
            hi = lo + 2.0 * alpha;
            if (hi > 2.0 * kPi) {
                covered.emplace_back(lo, 2.0 * kPi);
                covered.emplace_back(0.0, hi - 2.0 * kPi);
            } else {
                covered.emplace_back(lo, hi);
            }
        }
        if (hidden)
            continue;
        // the free arcs are the complement of the merged covered intervals
        std::sort(covered.begin(), covered.end());
        double from = 0.0;
        for (const auto& [lo, hi] : covered) {
            if (lo > from)
                addArc(ci, from, lo, s);
            from = std::max(from, hi);
        }
        if (from < 2.0 * kPi)
            addArc(ci, from, 2.0 * kPi, s);
    }
    return s;
}

// the ten 3D integrands at height z
Moments sliceMoments(const std::vector<ClumpMember>& spheres, double z)
{
    std::vector<Circle> circles;
    for (const ClumpMember& m : spheres) {
        const double dz = z - m.center.z();
        const double r2 = m.radius * m.radius - dz * dz;
        if (r2 > 0.0)
            circles.push_back({m.center.x(), m.center.y(), std::sqrt(r2)});
    }
    const Slice s = discUnion(circles);
    return {s[0], s[1], s[2], z * s[0], s[3], s[4], z * z * s[0], s[5], z * s[1], z * s[2]};
}

// Gauss-Kronrod 7/15 nodes and weights on [-1, 1]
constexpr std::array<double, 8> kKx = {0.991455371120813, 0.949107912342759, 0.864864423359769, 0.741531185599394,
                                       0.586087235467691, 0.405845151377397, 0.207784955007898, 0.0};
constexpr std::array<double, 8> kKw = {0.022935322010529, 0.063092092629979, 0.104790010322250, 0.140653259715525,
                                       0.169004726639267, 0.190350578064785, 0.204432940075298, 0.209482141084728};
constexpr std::array<double, 4> kGw = {0.129484966168870, 0.279705391489277, 0.381830050505119, 0.417959183673469};

void integrate(const std::vector<ClumpMember>& spheres, double a, double b, double tol, int depth, Moments& out)
{
    const double c = 0.5 * (a + b), h = 0.5 * (b - a);
    Moments kron{}, gauss{};
    for (std::size_t k = 0; k < kKx.size(); ++k) {
        const bool centre = k == kKx.size() - 1;
        const Moments f1 = sliceMoments(spheres, c - h * kKx[k]);
        const Moments f2 = centre ? Moments{} : sliceMoments(spheres, c + h * kKx[k]);
        for (std::size_t q = 0; q < f1.size(); ++q) {
            const double sum = centre ? f1[q] : f1[q] + f2[q];
            kron[q] += kKw[k] * sum;
            if (k % 2 == 1) // the Gauss nodes are the odd Kronrod ones, the centre (k = 7) included
                gauss[q] += kGw[k / 2] * sum;
        }
    }
    double err = std::abs(kron[0] - gauss[0]) * h;
    if (depth < 40 && err > tol) {
        integrate(spheres, a, c, 0.5 * tol, depth + 1, out);
        integrate(spheres, c, b, 0.5 * tol, depth + 1, out);
        return;
    }
    for (std::size_t q = 0; q < out.size(); ++q)
        out[q] += h * kron[q];
}

} // namespace

UnionIntegrals sphereUnionIntegrals(const std::vector<ClumpMember>& spheres)
{
    UnionIntegrals u;
    if (spheres.empty())
        return u;
    // breakpoints: every sphere's poles; the slices are smooth between them apart from tangencies
    std::vector<double> cuts;
    double bound = 0.0;
    for (const ClumpMember& m : spheres) {
        cuts.push_back(m.center.z() - m.radius);
        cuts.push_back(m.center.z() + m.radius);
        bound += 4.0 / 3.0 * kPi * m.radius * m.radius * m.radius;
    }
    std::sort(cuts.begin(), cuts.end());
    Moments total{};
    for (std::size_t k = 0; k + 1 < cuts.size(); ++k)
        if (cuts[k + 1] > cuts[k])
            integrate(spheres, cuts[k], cuts[k + 1], 1e-13 * bound, 0, total);
    u.volume = total[0];
    u.firstMoment = Vec3(total[1], total[2], total[3]);
    u.secondMoment << total[4], total[7], total[8], total[7], total[5], total[9], total[8], total[9], total[6];
    return u;
}

} // namespace tumble
