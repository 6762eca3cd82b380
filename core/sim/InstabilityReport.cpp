#include "sim/InstabilityReport.h"

#include <cmath>
#include <limits>
#include <sstream>

#include "sim/CriticalTimestep.h"

namespace tumble {

namespace {

constexpr std::size_t kNoBody = LiveliestBody::kNone;

} // namespace

std::string InstabilityReport::adviceFor(const World& w, double dt, double criticalDt)
{
    std::ostringstream a;
    if (!std::isfinite(criticalDt) || !(criticalDt > 0.0))
        criticalDt = criticalTimestep(w);
    a << "reduce dt: dt = " << dt << " s";
    if (std::isfinite(criticalDt) && criticalDt > 0.0)
        a << " is " << dt / criticalDt << " x the critical dt " << criticalDt << " s";
    // the stiffest material sets the critical dt with the lightest body it touches
    int stiffest = -1;
    double k = 0.0;
    for (std::size_t m = 0; m < w.materials.size(); ++m) {
        const Material& mat = w.materials[m];
        const double km = mat.model == ContactModelKind::Linear ? std::max(mat.kn, mat.kt) : mat.young;
        if (km > k) {
            k = km;
            stiffest = static_cast<int>(m);
        }
    }
    if (stiffest >= 0) {
        const Material& mat = w.materials[static_cast<std::size_t>(stiffest)];
        a << " (stiffest contact: material '" << mat.name << "', ";
        if (mat.model == ContactModelKind::Linear)
            a << "kn = " << mat.kn << " N/m, kt = " << mat.kt << " N/m)";
        else
            a << "Young's modulus " << mat.young << " Pa)";
    }
    a << "; try dt <= 0.3 x the critical dt (a dt factor of 0.3) or a softer contact";
    return a.str();
}

void InstabilityReport::nonFinitePosition(const World& w, std::size_t i, double dt)
{
    std::ostringstream what;
    what << "body " << w.bodyId(i) << " has a non-finite position";
    report(w, w.step + 1, w.time + dt, i, what.str(), dt, 0.0);
}

void InstabilityReport::nonFiniteVelocity(const World& w, std::size_t i, double dt)
{
    std::ostringstream what;
    what << "body " << w.bodyId(i) << " has a non-finite velocity or force";
    report(w, w.step, w.time, i, what.str(), dt, 0.0);
}

void InstabilityReport::runaway(const World& w, double balanceError, double factor, double scale, double dt,
                                double criticalDt)
{
    runaway(w, LiveliestBody::of(w), balanceError, factor, scale, dt, criticalDt);
}

void InstabilityReport::runaway(const World& w, const LiveliestBody& lively, double balanceError, double factor,
                                double scale, double dt, double criticalDt)
{
    std::ostringstream what;
    what << "runaway energy, balance error " << balanceError << " J exceeds " << factor
         << " x the scene's energy scale (" << scale << " J)";
    const std::size_t body = lively.body;
    if (body != kNoBody)
        what << "; body " << w.bodyId(body) << " has the most kinetic energy (speed " << std::sqrt(lively.speed2)
             << " m/s)";
    report(w, w.step, w.time, body, what.str(), dt, criticalDt);
}

void InstabilityReport::cellTooNarrow(const World& w, double width, double reach, bool bond)
{
    m_step = w.step;
    m_time = w.time;
    m_body = -1;
    m_advice = bond ? "stop the deformation earlier, or use a larger cell (or weaker bonds, which break first)"
                    : "stop the deformation earlier, or use smaller bodies or a larger cell";
    std::ostringstream msg;
    msg << "unstable at step " << w.step << ", t = " << w.time << " s: the periodic cell's narrowest width " << width
        << " m is under twice the " << (bond ? "bonds' reach " : "contact reach ") << reach
        << (bond ? " m (longest bond + skin), so a bond could reach two images of its partner; "
                 : " m (largest diameter + skin), so a body could touch two images of another; ")
        << m_advice;
    m_message = msg.str();
}

void InstabilityReport::report(const World& w, long long step, double time, std::size_t slot, const std::string& what,
                               double dt, double criticalDt)
{
    m_step = step;
    m_time = time;
    m_body = slot == kNoBody ? -1 : static_cast<long long>(w.bodyId(slot));
    m_advice = adviceFor(w, dt, criticalDt);
    std::ostringstream msg;
    msg << "unstable at step " << step << ", t = " << time << " s: " << what << "; " << m_advice;
    m_message = msg.str();
}

} // namespace tumble
