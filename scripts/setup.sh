#!/usr/bin/env bash
# Installs what is missing on Debian 12, configures with the CMake preset and builds.
# Idempotent: with everything in place it only runs an incremental ninja build.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
    build-essential cmake ninja-build pkg-config ccache clang-format
    qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-svg-dev libxkbcommon-dev
    libvtk9-dev mpi-default-dev libeigen3-dev nlohmann-json3-dev
    libgl1-mesa-dri libglx-mesa0 fonts-dejavu-core
    xvfb xauth
    lammps openmpi-bin
    paraview
)

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi

if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    if [ -n "$sudo" ]; then
        command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
fi

# pvpython, for the ParaView script beside every VTK output (app.ParaViewRender runs it): Debian 12's
# python3-paraview conflicts with python3-vtk9, which libvtk9-dev needs, so apt would remove the
# GUI's VTK to install it. It is unpacked beside the system instead, matching the paraview package
# (whose libraries it uses); `pvpython` there finds its modules relative to itself.
pvprefix=/opt/tumble/python3-paraview
if ! command -v pvpython >/dev/null && [ ! -x "$pvprefix/usr/bin/pvpython" ]; then
    echo "setup: unpacking python3-paraview into $pvprefix"
    version=$(dpkg-query -W -f='${Version}' paraview)
    deb=$(mktemp -d)
    # (apt's lists may be older than the installed paraview when nothing else was missing)
    (cd "$deb" && { apt-get download -qq "python3-paraview=$version" 2>/dev/null ||
        { $sudo apt-get update -qq && apt-get download -qq "python3-paraview=$version"; }; })
    $sudo mkdir -p "$pvprefix"
    $sudo dpkg-deb -x "$deb"/python3-paraview_*.deb "$pvprefix"
    rm -rf "$deb"
fi

# configure once; ninja re-runs cmake itself when a CMakeLists changes
if [ ! -f build/build.ninja ]; then
    cmake --preset default
fi
cmake --build --preset default
