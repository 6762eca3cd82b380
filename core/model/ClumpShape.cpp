#include "model/ClumpShape.h"

#include <numbers>

#include <Eigen/Eigenvalues>

#include "model/SphereUnionIntegrals.h"

namespace tumble {

std::optional<std::pair<int, int>> firstOverlap(const std::vector<ClumpMember>& members)
{
    // a clump has a handful of members: the direct check is cheap
    const int n = static_cast<int>(members.size());
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const double reach = members[i].radius + members[j].radius;
            if ((members[i].center - members[j].center).squaredNorm() < reach * reach)
                return std::make_pair(i, j);
        }
    return std::nullopt;
}

MassProperties sphereUnionMassProperties(const std::vector<ClumpMember>& members, double density)
{
    if (firstOverlap(members)) {
        // integrate the union: I = rho (tr(S) 1 - S) with S the second moment about the centroid
        const UnionIntegrals u = sphereUnionIntegrals(members);
        MassProperties p;
        p.mass = density * u.volume;
        p.centerOfMass = u.firstMoment / u.volume;
        const Mat3 s = u.secondMoment - u.volume * p.centerOfMass * p.centerOfMass.transpose();
        std::tie(p.principalMoments, p.principalAxes) =
            principalDecomposition(density * (s.trace() * Mat3::Identity() - s));
        return p;
    }
    MassProperties p;
    Vec3 moment = Vec3::Zero();
    for (const ClumpMember& m : members) {
        const double mk = 4.0 / 3.0 * std::numbers::pi * m.radius * m.radius * m.radius * density;
        p.mass += mk;
        moment += mk * m.center;
    }
    p.centerOfMass = moment / p.mass;
    Mat3 inertia = Mat3::Zero();
    for (const ClumpMember& m : members) {
        const double mk = 4.0 / 3.0 * std::numbers::pi * m.radius * m.radius * m.radius * density;
        const Vec3 d = m.center - p.centerOfMass;
        // own inertia plus parallel-axis term m (|d|^2 1 - d d^T)
        inertia += (0.4 * mk * m.radius * m.radius + mk * d.squaredNorm()) * Mat3::Identity() - mk * d * d.transpose();
    }
    std::tie(p.principalMoments, p.principalAxes) = principalDecomposition(inertia);
    return p;
}

std::pair<Vec3, Quat> principalDecomposition(const Mat3& inertia)
{
    const Eigen::SelfAdjointEigenSolver<Mat3> eig(inertia);
    Mat3 axes = eig.eigenvectors(); // columns: principal axes, eigenvalues ascending
    if (axes.determinant() < 0.0)
        axes.col(2) = -axes.col(2);
    return {eig.eigenvalues(), Quat(axes).normalized()};
}

} // namespace tumble
