#include "sim/InstabilityReport.h"

#include <sstream>

namespace tumble {

void InstabilityReport::nonFinitePosition(const World& w, std::size_t i, double dt)
{
    std::ostringstream what;
    what << "body " << w.bodyId(i) << " has a non-finite position";
    report(w.step + 1, w.time + dt, what.str());
}

void InstabilityReport::nonFiniteVelocity(const World& w, std::size_t i)
{
    std::ostringstream what;
    what << "body " << w.bodyId(i) << " has a non-finite velocity or force";
    report(w.step, w.time, what.str());
}

void InstabilityReport::runaway(const World& w, double balanceError, double factor, double scale, double criticalDt)
{
    std::ostringstream what;
    what << "runaway energy, balance error " << balanceError << " J exceeds " << factor
         << " x the scene's energy scale (" << scale << " J); reduce dt (critical dt " << criticalDt << " s)";
    report(w.step, w.time, what.str());
}

void InstabilityReport::report(long long step, double time, const std::string& what)
{
    std::ostringstream msg;
    msg << "unstable at step " << step << ", t = " << time << " s: " << what;
    m_message = msg.str();
}

} // namespace tumble
