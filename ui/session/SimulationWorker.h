#pragma once
// SimulationWorker: the main view's run is a SimulationRunner paced to real time; the name stays
// for the code and tests that know it by it.
#include "session/SimulationRunner.h"

namespace tumble::ui {

using SimulationWorker = SimulationRunner;

} // namespace tumble::ui
