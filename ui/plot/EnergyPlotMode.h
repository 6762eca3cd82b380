#pragma once
// EnergyPlotMode: how the energy plot draws the ledger's terms.
namespace tumble::ui {

enum class EnergyPlotMode {
    Separate, ///< one line per term and the total (default)
    Stacked   ///< the terms piled up as bands; the top edge is total + dissipated
};

} // namespace tumble::ui
