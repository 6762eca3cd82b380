#include "session/ThermoEnergy.h"

namespace tumble::ui {

ThermoEnergy thermoEnergy(const LammpsThermo& log)
{
    struct Source {
        const char* columns[2];
        double EnergySample::*field;
        const char* label;
    };
    static const Source kSources[] = {
        {{"v_kinetic_translational", "KinEng"}, &EnergySample::kineticTranslational, "translational kinetic"},
        {{"v_kinetic_rotational", nullptr}, &EnergySample::kineticRotational, "rotational kinetic"},
        {{"v_potential_gravity", nullptr}, &EnergySample::potentialGravity, "gravity"},
    };
    ThermoEnergy out;
    const int time = log.column("Time") >= 0 ? log.column("Time") : log.column("Step");
    std::vector<std::pair<int, double EnergySample::*>> mapped;
    for (const Source& s : kSources)
        for (const char* name : s.columns)
            if (name && log.column(name) >= 0) {
                mapped.emplace_back(log.column(name), s.field);
                out.note += (out.note.empty() ? "" : ", ") + std::string(s.label) + " from " + name;
                break;
            }
    if (mapped.empty())
        out.note = "no energy column the plot knows (v_kinetic_translational, KinEng, ...)";
    if (log.column("Time") < 0)
        out.note += "; no Time column: the time axis counts steps";

    auto chunk = std::make_shared<EnergyChunk>();
    chunk->samples.reserve(log.rows.size());
    for (const std::vector<double>& row : log.rows) {
        EnergySample e;
        e.time = time >= 0 ? row[std::size_t(time)] : 0.0;
        for (const auto& [c, field] : mapped)
            e.*field = row[std::size_t(c)];
        chunk->samples.push_back(e);
    }
    out.samples = std::move(chunk);
    return out;
}

} // namespace tumble::ui
