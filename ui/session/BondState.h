#pragma once
// BondState: one bond's numbers and geometry, copied out for the GUI (the bond inspector and
// the 3D view's bond frame and bending plane).
//
// Design note. A snapshot carries it for the selected bond only (FrameSnapshot::selectedBond),
// never per bond: the bond lines need two member indices and a colour each, the inspector needs
// the whole BondInspection of one. A bond is named by its two bodies' scene ids, not its index:
// the simulation renumbers its bonds when it re-sorts the bodies and when bonds break. Once the
// selected bond has broken, the state says when (its numbers are gone with it).
#include <optional>

#include "bond/BondInspection.h"
#include "bond/BondSet.h"
#include "bond/BondStiffness.h"
#include "bond/BondStrength.h"

namespace tumble {
class Simulation;
}

namespace tumble::ui {

struct BondState {
    int bodies[2] = {-1, -1};      ///< scene ids of body 1 and body 2, in the bond's own order
    double radius[2] = {0.0, 0.0}; ///< their radii, m
    BondStiffness stiffness;       ///< kn, ks (N/m), kt, kb (N m/rad)
    BondStrength strength;         ///< what breaks it (all infinite: never)
    float loadRatio = -1.f;        ///< load / strength (bondLoadRatio, 1 breaks it); -1 never breaks
    BondFormulation formulation = BondFormulation::Total; ///< Wang's total law or the incremental one
    BondInspection inspection;                            ///< the bond's numbers now; meaningless once broken
    bool broken = false;                                  ///< it broke in this run (inspection is then empty)
    double breakTime = 0.0;                               ///< s, when it broke

    /// True when the bond has strengths (it can break).
    bool breakable() const { return !strength.unbreakable(); }
};

/// True when every number of an intact bond is finite (after a blow-up some are not).
bool isFinite(const BondState& b);

/// The bond of sim between the bodies with scene ids a and b (either order): its state now; a
/// bond that broke in this run comes back broken with its time; nullopt when there is none.
std::optional<BondState> bondState(const Simulation& sim, int a, int b);

} // namespace tumble::ui
