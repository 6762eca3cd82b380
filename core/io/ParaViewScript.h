#pragma once
// ParaViewScript: the Python script written beside a .pvd (VtpWriter) that opens the run in
// ParaView: the spheres as Point Gaussian splats of exactly their `radius` point array (m),
// coloured by speed (the magnitude of `velocity`, m/s), the walls as translucent quads and a
// periodic cell's edges. The frames carry the bodies; the walls are not in them, so the script
// embeds them. It finds the collections beside itself (__file__), so the directory can move;
// paraview --script runs it without __file__, and then it looks where it was written, then in
// the working directory.
//   paraview --script=DIR/tumble_paraview.py
//   pvpython DIR/tumble_paraview.py --screenshot out.png [--size 1280x800] [--frame last|first|N]
//            [--view iso|top|front|side] [--background R,G,B]
#include <string>
#include <vector>

#include "model/Wall.h"

namespace tumble {

struct ParaViewScene {
    std::string spheres;     ///< the spheres' collection, a file name beside the script (tumble.pvd)
    std::string cell;        ///< the periodic cell's collection beside the script, or empty
    std::vector<Wall> walls; ///< planes, drawn over the scene's extent plus a margin
    std::string directory;   ///< where the script is written (absolute), for a host without __file__
};

/// The script's Python text.
std::string paraViewScript(const ParaViewScene& scene);

} // namespace tumble
