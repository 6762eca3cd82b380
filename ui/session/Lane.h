#pragma once
// Lane: a compare lane is a SimulationRunner paced by LockstepPacing (LaneSet makes them); the
// name stays for the rooms that read a lane's samples (the drift plot).
#include "session/LaneSample.h"
#include "session/SimulationRunner.h"

namespace tumble::ui {

using Lane = SimulationRunner;

} // namespace tumble::ui
