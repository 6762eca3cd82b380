#include "session/InstabilityNotice.h"

#include <cmath>
#include <sstream>

#include "integrate/IntegratorRegistry.h"
#include "sim/Simulation.h"

namespace tumble::ui {

std::string InstabilityNotice::compose(const Simulation& sim, const std::string& coreMessage, const EnergySample& e,
                                       double scale, double factor)
{
    std::ostringstream out;
    out.precision(4);
    if (!coreMessage.empty()) {
        out << coreMessage;
    } else {
        out << "unstable at step " << sim.world().step << ", t = " << sim.world().time
            << " s: runaway energy, balance error " << e.balanceError << " J exceeds " << factor
            << " x the scene's energy scale (" << scale << " J)";
    }
    // the body: named by a non-finite check already; else where the energy went
    if (coreMessage.find("body ") == std::string::npos) {
        double k = 0.0;
        if (const int b = mostEnergeticBody(sim.world(), &k); b >= 0)
            out << ". Body " << b << " has the most kinetic energy (" << k << " J)";
    }
    out << ". " << advice(sim);
    return out.str();
}

int InstabilityNotice::mostEnergeticBody(const World& w, double* energy)
{
    int best = -1;
    double most = -1.0;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const double k =
            0.5 * w.mass[i] * w.velocity[i].squaredNorm() + 0.5 * w.angularVelocity[i].dot(w.angularMomentum[i]);
        if (std::isfinite(k) && k > most) {
            most = k;
            best = w.bodyId(i);
        }
    }
    if (energy)
        *energy = best >= 0 ? most : 0.0;
    return best;
}

std::string InstabilityNotice::advice(const Simulation& sim)
{
    std::ostringstream out;
    out.precision(3);
    const double dt = sim.params().dt, crit = sim.criticalDt();
    const SchemeInfo* scheme = findTranslationScheme(sim.params().translation);
    if (scheme && !(scheme->stabilityLimit > 0.0)) {
        out << "Try: " << scheme->name
            << " is unstable at any dt without damping; choose another scheme or add damping, then Reset.";
        return out.str();
    }
    if (!(std::isfinite(crit) && crit > 0.0)) {
        out << "Try: a smaller dt (now " << dt << " s), then Reset.";
        return out.str();
    }
    out << "Try: dt = " << dt << " s is " << dt / crit << " x dt_crit (" << crit << " s)";
    if (scheme) {
        const double limit = stabilityLimitInCriticalSteps(*scheme);
        out << "; " << scheme->name << " is stable up to " << limit << " x dt_crit on a linear contact";
    }
    out << ". Set dt to 0.3 x dt_crit or less, then Reset.";
    return out.str();
}

} // namespace tumble::ui
