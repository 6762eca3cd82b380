#pragma once
// What contacts remember from one step to the next, as flat arrays with one entry per candidate
// of a neighbour list (same index): the elastic tangential displacement and rolling rotation,
// both in the tangent plane of the contact, and the overlap they were stored at (Hertz-Mindlin
// stiffnesses depend on it). Zero while the members do not touch.
//
// Design note. Separate arrays rather than one struct per contact: a candidate that does not
// touch (most of a list's entries) reads only its overlap, and a scene without tangential or
// rolling springs keeps those arrays empty (32 bytes per candidate with friction alone,
// instead of 72).
#include <cstddef>
#include <vector>

#include "math/Types.h"

namespace tumble {

struct ContactHistory {
    std::vector<Vec3> shear;     ///< elastic tangential displacement of member i relative to j, m (empty: no springs)
    std::vector<Vec3> roll;      ///< elastic relative rolling rotation of i relative to j, rad (empty: no springs)
    std::vector<double> overlap; ///< normal overlap when they were stored, m

    std::size_t size() const { return overlap.size(); }
    bool hasShear() const { return !shear.empty(); }
    bool hasRoll() const { return !roll.empty(); }

    /// n entries, all zero; shear and roll only when wanted (else empty, capacity kept).
    void assignZero(std::size_t n, bool withShear, bool withRoll)
    {
        overlap.assign(n, 0.0);
        shear.assign(withShear ? n : 0, Vec3::Zero());
        roll.assign(withRoll ? n : 0, Vec3::Zero());
    }
    /// Entry a of other copied into entry b of this (arrays other lacks stay zero).
    void copyEntry(std::size_t b, const ContactHistory& other, std::size_t a)
    {
        overlap[b] = other.overlap[a];
        if (hasShear() && other.hasShear())
            shear[b] = other.shear[a];
        if (hasRoll() && other.hasRoll())
            roll[b] = other.roll[a];
    }
    /// Entry k back to zero.
    void clear(std::size_t k)
    {
        overlap[k] = 0.0;
        if (hasShear())
            shear[k].setZero();
        if (hasRoll())
            roll[k].setZero();
    }
    /// Capacity for n + 1/8 entries when fewer than n + 1/16 would fit.
    void keepHeadroom(std::size_t n, bool withShear, bool withRoll)
    {
        auto grow = [n](auto& v) {
            if (v.capacity() < n + n / 16)
                v.reserve(n + n / 8);
        };
        grow(overlap);
        if (withShear)
            grow(shear);
        if (withRoll)
            grow(roll);
    }
    void swap(ContactHistory& o) noexcept
    {
        shear.swap(o.shear);
        roll.swap(o.roll);
        overlap.swap(o.overlap);
    }
};

} // namespace tumble
