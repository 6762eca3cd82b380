#include "io/SummaryJson.h"

#include <nlohmann/json.hpp>

#include "energy/EnergyTerms.h"
#include "io/TextFile.h"

namespace tumble {

namespace {

using nlohmann::ordered_json;

ordered_json energyRow(const EnergySample& s)
{
    // keys and order of the energy CSV header with the split columns: the contract's rows of the
    // table of energy terms, then the ledger split by mechanism
    ordered_json row;
    row["step"] = s.step;
    row["time"] = s.time;
    for (EnergyColumn column : {EnergyColumn::Contract, EnergyColumn::Split})
        for (const EnergyTerm& t : kEnergyTerms)
            if (t.column == column)
                row[t.name] = energyTermValue(s, t.id);
    return row;
}

} // namespace

std::string SummaryJson::toText(const RunSummary& r)
{
    ordered_json j;
    j["scene"] = r.scene;
    j["steps"] = r.steps;
    j["time"] = r.time;
    j["dt"] = r.dt;
    j["critical_dt"] = r.criticalDt;
    j["translation"] = r.translation;
    j["rotation"] = r.rotation;
    j["local_damping"] = r.localDamping;
    j["local_damping_variant"] = r.localDampingVariant;
    j["viscous_damping"] = r.viscousDamping;
    j["bodies"] = r.bodies;
    j["contacts"] = r.contacts;
    if (r.bonds > 0) {
        // Wang bonds (docs/BONDS.md): how many there were and how many broke, when
        j["bonds"] = r.bonds;
        j["bonds_broken"] = r.bondsBroken;
        j["first_break_time"] = r.firstBreakTime >= 0.0 ? nlohmann::ordered_json(r.firstBreakTime) : nullptr;
        j["last_break_time"] = r.lastBreakTime >= 0.0 ? nlohmann::ordered_json(r.lastBreakTime) : nullptr;
    }
    if (r.hasCell) {
        const CellSummary& c = r.cell;
        auto rows = [](const Mat3& m) {
            ordered_json out = ordered_json::array();
            for (int i = 0; i < 3; ++i)
                out.push_back({m(i, 0), m(i, 1), m(i, 2)});
            return out;
        };
        ordered_json cell;
        cell["model"] = c.model;
        cell["periodic"] = {c.periodic[0], c.periodic[1], c.periodic[2]};
        cell["vectors"] = rows(c.vectors.transpose()); // one side per row, as in the scene
        cell["velocity_gradient"] = rows(c.gradient);
        cell["volume"] = c.volume;
        cell["strain"] = rows(c.strain);
        cell["stress"] = rows(c.stress);
        cell["pressure"] = c.pressure;
        cell["deviator"] = c.deviator;
        j["cell"] = cell;
    }
    j["threads"] = r.threads;
    j["wall_seconds"] = r.wallSeconds;
    j["particle_steps_per_second"] = r.particleStepsPerSecond;
    j["energy_start"] = energyRow(r.energyStart);
    j["energy_end"] = energyRow(r.energyEnd);
    j["max_abs_balance_error"] = r.maxAbsBalanceError;
    if (r.heapBytes >= 0) {
        j["heap_bytes"] = r.heapBytes;
        j["heap_bytes_per_body"] =
            r.bodies > 0 ? static_cast<double>(r.heapBytes) / static_cast<double>(r.bodies) : 0.0;
    }
    j["energy_samples"] = r.energySamples;
    j["unstable"] = !r.instabilityMessage.empty();
    if (!r.instabilityMessage.empty())
        j["instability_message"] = r.instabilityMessage;
    if (!r.outOfMemoryMessage.empty())
        j["out_of_memory_message"] = r.outOfMemoryMessage;
    // non-finite doubles become null (JSON has no NaN); replace invalid UTF-8 in paths
    return j.dump(2, ' ', false, ordered_json::error_handler_t::replace) + '\n';
}

void SummaryJson::write(const std::string& path, const RunSummary& summary)
{
    writeFileAtomically(path, toText(summary));
}

} // namespace tumble
