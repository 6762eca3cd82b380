#include "sim/LiveParams.h"

#include "integrate/IntegratorRegistry.h"
#include "io/NumberFormat.h"

namespace tumble {

LiveParams LiveParams::from(const SimParams& p)
{
    LiveParams l;
    l.dt = p.dt;
    l.translation = p.translation;
    l.rotation = p.rotation;
    l.localDamping = p.localDamping;
    l.localDampingVariant = p.localDampingVariant;
    l.viscousDamping = p.viscousDamping;
    return l;
}

std::optional<LiveParams> LiveParams::preset(const std::string& name)
{
    const std::optional<PresetInfo> p = findPreset(name);
    if (!p)
        return std::nullopt;
    LiveParams l;
    l.translation = p->translation;
    l.rotation = p->rotation;
    l.schemeLabel = p->name;
    return l;
}

bool LiveParams::empty() const
{
    return !dt && !dtFactor && !translation && !rotation && !localDamping && !localDampingVariant && !viscousDamping &&
           !velocityGradient;
}

std::string velocityGradientLabel(const Mat3& l)
{
    static const char* kAxis = "xyz";
    std::string out = "L";
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            if (l(r, c) == 0.0)
                continue;
            out += ' ';
            out += kAxis[r];
            out += kAxis[c];
            out += ' ' + formatSignificant(l(r, c), 3);
        }
    }
    return out == "L" ? "L 0" : out + " 1/s";
}

SimParams LiveParams::over(const SimParams& base, double criticalDt) const
{
    SimParams p = base;
    if (dt)
        p.dt = *dt;
    if (dtFactor)
        p.dt = *dtFactor * criticalDt;
    if (translation)
        p.translation = *translation;
    if (rotation)
        p.rotation = *rotation;
    if (localDamping)
        p.localDamping = *localDamping;
    if (localDampingVariant)
        p.localDampingVariant = *localDampingVariant;
    if (viscousDamping)
        p.viscousDamping = *viscousDamping;
    return p;
}

std::vector<std::string> markerLabels(const SimParams& before, const SimParams& after, const std::string& schemeLabel)
{
    std::vector<std::string> out;
    if (after.dt != before.dt)
        out.push_back("dt " + formatSignificant(after.dt, 3) + " s");
    const bool translation = after.translation != before.translation;
    const bool rotation = after.rotation != before.rotation;
    if (translation || rotation) {
        if (!schemeLabel.empty())
            out.push_back(schemeLabel);
        else if (translation && rotation)
            out.push_back(after.translation + " + " + after.rotation);
        else if (translation)
            out.push_back(after.translation);
        else
            out.push_back("rot. " + after.rotation);
    }
    if (after.localDamping != before.localDamping || after.localDampingVariant != before.localDampingVariant)
        out.push_back("local " + formatSignificant(after.localDamping, 3) + " (" + toString(after.localDampingVariant) +
                      ")");
    if (after.viscousDamping != before.viscousDamping)
        out.push_back("viscous " + formatSignificant(after.viscousDamping, 3) + " 1/s");
    return out;
}

} // namespace tumble
