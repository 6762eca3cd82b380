#include "model/PeriodicCell.h"

#include <cmath>
#include <limits>

#include <unsupported/Eigen/MatrixFunctions>

namespace tumble {

PeriodicCell::PeriodicCell(const Mat3& vectors, const std::array<bool, 3>& periodic, const Mat3& gradient,
                           CellModel model)
    : h_(vectors), periodic_(periodic), gradient_(gradient), model_(model)
{
    updateInverse();
}

void PeriodicCell::updateInverse()
{
    inverse_ = h_.inverse();
}

double PeriodicCell::volume() const
{
    return std::abs(h_.determinant());
}

double PeriodicCell::width(int axis) const
{
    const int i = (axis + 1) % 3, j = (axis + 2) % 3;
    return volume() / h_.col(i).cross(h_.col(j)).norm();
}

double PeriodicCell::narrowestPeriodicWidth() const
{
    double w = std::numeric_limits<double>::infinity();
    for (int k = 0; k < 3; ++k)
        if (periodic(k))
            w = std::min(w, width(k));
    return w;
}

ImageShift PeriodicCell::wrapShift(const Vec3& x) const
{
    const Vec3 s = fractional(x);
    ImageShift n{0, 0, 0};
    for (int k = 0; k < 3; ++k)
        if (periodic(k))
            n[static_cast<std::size_t>(k)] = static_cast<int>(std::floor(s[k]));
    return n;
}

ImageShift PeriodicCell::nearestImage(const Vec3& d) const
{
    const Vec3 s = fractional(d);
    ImageShift n{0, 0, 0};
    for (int k = 0; k < 3; ++k)
        if (periodic(k) && std::abs(s[k]) < 1e9) // (not after a blow-up: 0 there)
            n[static_cast<std::size_t>(k)] = -static_cast<int>(std::nearbyint(s[k]));
    return n;
}

Vec3 PeriodicCell::shift(const ImageShift& n) const
{
    return h_.col(0) * n[0] + h_.col(1) * n[1] + h_.col(2) * n[2];
}

Vec3 PeriodicCell::shiftVelocity(const ImageShift& n) const
{
    return gradient_ * shift(n);
}

Vec3 PeriodicCell::spinOf(const Mat3& l)
{
    // v = w x r is v = [w]x r, and [w]x has (2,1) = wx, (0,2) = wy, (1,0) = wz: the skew part's
    // entries, each the mean of L's entry and minus its transpose's
    return Vec3(0.5 * (l(2, 1) - l(1, 2)), 0.5 * (l(0, 2) - l(2, 0)), 0.5 * (l(1, 0) - l(0, 1)));
}

MediumStep PeriodicCell::step(double dt) const
{
    MediumStep s;
    s.dt = dt;
    s.gradient = gradient_;
    s.spin = spin();
    s.moves = deforming();
    if (!deforming()) {
        s.carry = Mat3::Identity() * dt; // exactly a drift x + dt u
        return s;
    }
    // exp of [[dt L, dt I], [0, 0]] is [[exp(dt L), dt phi1(dt L)], [0, I]] with
    // dt phi1(dt L) = integral_0^dt exp((dt - s) L) ds (Pade with scaling and squaring, to rounding)
    Eigen::Matrix<double, 6, 6> a = Eigen::Matrix<double, 6, 6>::Zero();
    a.topLeftCorner<3, 3>() = dt * gradient_;
    a.topRightCorner<3, 3>() = dt * Mat3::Identity();
    const Eigen::Matrix<double, 6, 6> e = a.exp();
    s.map = e.topLeftCorner<3, 3>();
    s.carry = e.topRightCorner<3, 3>();
    s.halfMap = (0.5 * dt * gradient_).exp();
    s.carries = model_ == CellModel::MediumCarried;
    return s;
}

bool PeriodicCell::advance(const MediumStep& s)
{
    if (s.gradient.isZero(0.0))
        return false;
    h_ = s.map * h_;
    deformation_ = s.map * deformation_;
    updateInverse();
    return reduce();
}

bool PeriodicCell::reduce()
{
    // Lagrange's reduction over the periodic axes: while some side a_j projects onto another a_i
    // by more than half of a_i, replace a_j by a_j - round(t) a_i. Each replacement shortens a_j,
    // the lattice of images is discrete, so it ends; at the end every |a_j . a_i| <= |a_i|^2 / 2.
    bool changed = false;
    for (int pass = 0; pass < 64; ++pass) {
        bool any = false;
        for (int j = 0; j < 3; ++j) {
            for (int i = 0; i < 3; ++i) {
                if (i == j || !periodic(i) || !periodic(j))
                    continue;
                const double t = h_.col(j).dot(h_.col(i)) / h_.col(i).squaredNorm();
                if (std::abs(t) <= 0.5)
                    continue;
                h_.col(j) -= std::round(t) * h_.col(i);
                any = true;
            }
        }
        if (!any)
            break;
        changed = true;
    }
    if (changed)
        updateInverse();
    return changed;
}

} // namespace tumble
