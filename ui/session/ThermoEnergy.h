#pragma once
// ThermoEnergy: a LAMMPS thermo log (io/LammpsLog.h) as energy samples for the energy plot.
//
// LammpsExport's input logs Tumble's terms by name (v_kinetic_translational, v_kinetic_rotational,
// v_potential_gravity); another run's log gives KinEng as the translational kinetic energy. LAMMPS
// logs no dissipation by mechanism, so the samples carry none and their balance error is zero: the
// plot shows what the log holds, not a balance it cannot close.
#include <memory>
#include <string>

#include "io/LammpsLog.h"
#include "session/EnergyChunk.h"

namespace tumble::ui {

struct ThermoEnergy {
    std::shared_ptr<const EnergyChunk> samples; ///< one per thermo row, numbered from 0
    std::string note;                           ///< what was mapped (and what was not), for the status line
};

/// The log's rows as samples; time from the Time column (s under units si), else the step.
ThermoEnergy thermoEnergy(const LammpsThermo& log);

} // namespace tumble::ui
