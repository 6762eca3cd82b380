#pragma once
// OverlayOptions: what the 3D view draws over the bodies (BodyOverlay): body-axes triads, w and
// L arrows, the trail of a marked point; in a periodic cell, images of the bodies near its faces
// (CellOverlay).

namespace tumble::ui {

/// Which bodies carry a body-axes triad (and the w and L arrows).
enum class TriadMode {
    EveryClump, ///< every clump, and the selected body (a selected sphere too) (default)
    Selected,   ///< the selected body only
    Off         ///< no triads; arrows, when on, are then drawn on every clump and the selection
};

struct OverlayOptions {
    TriadMode triads = TriadMode::EveryClump;
    bool arrows = true; ///< angular velocity w and angular momentum L from the centre of mass
    bool trail = true;  ///< fading trail of a point fixed in the body: the selected body, and
                        ///< every clump when there are at most BodyOverlay::kTrailAllClumps
    /// In a periodic cell: every member sphere's images within one largest sphere diameter of
    /// the cell's periodic faces, drawn like the sphere (CellOverlay::images)
    bool cellImages = false;
    /// A line between the centres of every two touching bodies, width and colour by the normal
    /// spring force (ForceChainOverlay)
    bool forceChains = false;

    bool operator==(const OverlayOptions&) const = default;
};

} // namespace tumble::ui
