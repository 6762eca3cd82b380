#pragma once
// DumpSnapshot: a LAMMPS dump frame (io/LammpsDump.h) as the FrameSnapshot the 3D view draws, so a
// replayed run looks like a live one: a sphere per atom at x y z (or xu yu zu, or xs ys zs within
// the box) of its radius (the radius column, half the diameter, else 0.5 length units), coloured
// by speed (|vx vy vz|) or by any column; atoms sharing a molecule id are one body (a clump, as
// Tumble's export numbers them: molecule = scene body id + 1), and a rigid-body local dump
// (LammpsExport's dump.bodies) gives the clumps' orientation, inertia and spin for the triads,
// arrows and inspector.
#include <memory>
#include <string>

#include "io/LammpsDump.h"
#include "session/FrameSnapshot.h"

namespace tumble::ui {

/// What a replayed frame shows besides the atoms.
struct DumpSnapshotOptions {
    std::string colourColumn; ///< a column of the atoms dump to colour by; empty: the speed
    int selected = -1;        ///< the selected body (as memberBody numbers it), -1: none
};

/// The columns of LammpsExport's rigid-body dump (compute rigid/local: c_bodies[1..19]), in order.
inline constexpr int kBodyColumns = 19;

/// The snapshot of one frame. atoms: the per-atom dump frame; bodies (may be null): the rigid
/// bodies' local dump frame at the same timestep; scene: the replay's SceneInfo; file and line
/// name the frame in errors. Throws DumpError when the frame has no positions.
FrameSnapshot dumpSnapshot(const LammpsDumpFrame& atoms, const LammpsDumpFrame* bodies,
                           std::shared_ptr<const SceneInfo> scene, const DumpSnapshotOptions& options,
                           const std::string& file, long long line);

/// The SceneInfo of a replay: its name and source, the first frame's spheres' extent as bounds,
/// z up, and each clump member's offset in its body's frame (for the ghost and trails). first: the
/// first frame; s: its snapshot (dumpSnapshot, with the rigid bodies when there are some).
std::shared_ptr<SceneInfo> dumpSceneInfo(const std::string& dumpPath, const LammpsDumpFrame& first,
                                         const FrameSnapshot& s, long long revision);

/// Whether a local dump frame has the columns of LammpsExport's rigid-body dump.
bool isRigidBodyDump(const LammpsDumpFrame& frame);

} // namespace tumble::ui
