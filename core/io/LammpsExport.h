#pragma once
// LammpsExport: a Tumble scene as a LAMMPS run (units si) for a cluster, in one directory:
//   tumble.data   atom_style sphere: id type diameter density x y z, velocities and angular
//                 velocities; molecule ids (every atom's is its body's scene id + 1); with bonds
//                 atom_style bpm/sphere (the molecule id in the Atoms line) and a Bonds section
//   clumps.rigid  the clumps' exact mass properties (Tumble's union integration) as a
//                 fix rigid/small infile: LAMMPS would otherwise sum overlapping spheres
//   tumble.in     the input: pair_style granular per type pair, fix wall/gran per wall, gravity,
//                 viscous damping, nve/sphere and rigid/small, thermo and full-precision dumps
//   job.slurm     mpirun -np N lmp -in tumble.in
//   README.md     what was mapped and how, and what does not map (also returned as notes)
//
// Design note. Atom types are a body's material, plus the material count for clump members, so
// `group clumps type ...` finds the clumps and every type pair gets Tumble's mixed law
// (pair_coeff I J). Every number is written as the shortest decimal that reads back to the same
// double, so LAMMPS starts from Tumble's bits. The run writes dump.atoms (id mol type radius x v
// omega force, %.17g, with ITEM: TIME), and for clumps dump.bodies (rigid/local: body, mass,
// centre, velocity, quaternion, angular velocity, principal moments), and its energies to
// log.lammps's thermo (step time kinetic_translational kinetic_rotational potential_gravity).
// A periodic cell becomes a triclinic box with fix deform ... remap v (io/LammpsBox), bonds
// bond_style bpm/rotational on atom_style bpm/sphere (io/LammpsBonds; LAMMPS's BPM package,
// which Debian 12's LAMMPS lacks: noted). docs/LAMMPS.md says what maps and what does not.
#include <string>
#include <vector>

#include "scene/Scene.h"

namespace tumble {

struct LammpsExportOptions {
    int procs = 1;             ///< MPI ranks in job.slurm
    long long steps = 0;       ///< run length; 0: one second of simulated time
    long long dumpEvery = 0;   ///< a dump frame every K steps; 0: 100 frames over the run
    long long thermoEvery = 0; ///< a thermo row every K steps; 0: 1000 rows over the run
};

struct LammpsExportResult {
    std::vector<std::string> files; ///< written, in DIR
    std::vector<std::string> notes; ///< what LAMMPS will not run as Tumble would, one sentence each
    long long steps = 0;            ///< the run length written
    int atoms = 0;                  ///< spheres and clump members
};

/// Writes the run into dir (created if missing). Throws IoError when a file cannot be written,
/// and SceneError (file: scene.source) for what the export cannot carry over at all.
LammpsExportResult exportLammps(const Scene& scene, const std::string& dir, const LammpsExportOptions& options = {});

} // namespace tumble
