#pragma once
// The default OpenGL surface format VTK needs: a 3.2+ core profile with a 24-bit depth buffer
// and no multisampling (llvmpipe; VTK renders into its own framebuffers anyway). It must be
// installed before QApplication exists, so that every context Qt creates has it.

namespace tumble::ui {

/// Sets QSurfaceFormat::defaultFormat(); call before constructing QApplication.
void installVtkSurfaceFormat();

} // namespace tumble::ui
