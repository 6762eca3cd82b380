#pragma once
// WorkerCommand: one request from the GUI to the simulation worker, applied between steps.
//
// Design note. A plain tagged struct rather than a std::variant of many small structs or a
// queue of closures: commands are few, they are logged into parameter markers by kind, and a
// closure capturing the Simulation would let GUI code reach into the worker's state.
#include <memory>
#include <string>

#include "scene/Scene.h"
#include "sim/SimParams.h"

namespace tumble::ui {

struct WorkerCommand {
    enum class Kind {
        SetDt,             ///< value: s
        SetTranslation,    ///< name: translation scheme
        SetRotation,       ///< name: rotation scheme
        SetSchemes,        ///< name: translation, rotation: rotation, label: marker text
        SetLocalDamping,   ///< value: alpha in [0, 1), variant
        SetViscousDamping, ///< value: beta, 1/s
        Play,
        Pause,
        Step,      ///< one step, then paused
        Reset,     ///< back to the scene's initial state, live parameters kept
        LoadScene, ///< scene: replaces the current scene
        SelectBody ///< value: body index to publish in detail (-1: none); no marker
    };

    Kind kind = Kind::Pause;
    double value = 0.0;
    std::string name;
    std::string rotation; ///< SetSchemes only: both schemes switch in one step boundary
    std::string label;    ///< SetSchemes only: the marker's text (empty: "translation + rotation")
    LocalDampingVariant variant = LocalDampingVariant::Pfc;
    std::shared_ptr<const Scene> scene;
};

} // namespace tumble::ui
