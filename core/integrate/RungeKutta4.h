#pragma once
// Classical fourth-order Runge-Kutta on the whole rigid-body state (x, v, q, L):
//   x' = v,  v' = F(state)/m,  q' = 1/2 (0, w) q with w = I(q)^-1 L,  L' = T(state),
// with forces and torques evaluated at every stage (four evaluations per step: the last stage's
// state is not evaluated again, the end state's forces become the next step's first stage).
// Stage quaternions are not normalised (RK4 needs the plain linear combinations); w uses the
// rotation of q / |q|, and the final q is normalised. The ledger gets the RK4-weighted stage
// powers of the dissipative loads, the same quadrature as the state. Trial stages commit nothing
// but the forces of the final state.
#include <vector>

#include "integrate/TranslationScheme.h"

namespace tumble {

class RungeKutta4 final : public TranslationScheme {
public:
    std::string_view name() const override { return "rk4"; }
    VelocityTiming velocityTiming() const override { return VelocityTiming::OnStep; }
    VelocityTiming velocityAtForceEvaluation() const override { return VelocityTiming::OnStep; }
    void beginStep(World&, double, std::size_t, std::size_t) const override {}
    void endStep(World&, double, std::size_t, std::size_t) const override {}
    bool multiStage() const override { return true; }
    bool advance(World& world, double dt, StageEvaluator& stages, ChannelWork& work) override;

private:
    // scratch, (n) each; sized on first use and kept, so steady steps do not allocate
    std::vector<Vec3> m_x0, m_v0, m_l0;
    std::vector<Quat> m_q0;
    std::vector<Vec3> m_sumX, m_sumV, m_sumL; // weighted sums of the stage derivatives
    std::vector<Quat> m_sumQ;
};

} // namespace tumble
