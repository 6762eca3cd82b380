#pragma once
// ExportNaming: file names for exports, from the scene, the schemes and dt (issue 6).
//
// Design note. A teacher exporting several runs should get names that say what each file shows
// and sort together: "<scene>_<scheme>_dt<dt>_<what>.<ext>", e.g.
// "harmonic-oscillator_pfc_dt2e-05_energy.svg". The scene is the built-in id or the scene file's
// base name (else its display name); the scheme is the preset whose pair is in force, else
// "<translation>-<rotation>"; dt is the shortest decimal that reads back as the same double
// (so two runs never share a name by rounding). Only [a-z0-9_.-] appear: other characters
// become '-', runs of them one '-'.
#include <QString>

#include <string>

namespace tumble::ui {

struct FrameSnapshot;

/// Lower case, [a-z0-9_.-] only, other runs of characters as one '-', no '-' at either end;
/// "scene" when nothing is left.
QString safeFileNamePart(const QString& text);

/// The preset name whose (translation, rotation) pair this is, else "translation-rotation".
QString schemeNamePart(const std::string& translation, const std::string& rotation);

/// dt in seconds as "dt" + the shortest form that reads back exactly: 2e-05 -> "dt2e-05",
/// 1.25e-4 -> "dt0.000125".
QString dtNamePart(double dt);

/// The scene part: "builtin:ID" -> ID, a file path -> its base name without extension, else
/// the display name; made safe.
QString sceneNamePart(const std::string& source, const std::string& displayName);

/// "<scene>_<scheme>_dt<dt>" for the snapshot's scene and parameters ("scene_..." without one).
QString exportBaseName(const FrameSnapshot& snapshot);

/// exportBaseName + "_" + what + "." + extension, e.g. what "energy", extension "svg".
QString exportFileName(const FrameSnapshot& snapshot, const QString& what, const QString& extension);

} // namespace tumble::ui
