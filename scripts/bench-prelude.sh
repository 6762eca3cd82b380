# Sourced by the LAMMPS benchmarks (bench-lammps.sh, bench-family.sh) from the source root:
# installs lammps (Debian's package, command lmp) when it is missing, and sets cli to tumble-cli,
# building it unless TUMBLE_CLI names one. $1: the calling script's name, for its messages.
if ! command -v lmp >/dev/null; then
    echo "$1: installing lammps"
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends lammps </dev/null
fi

cli="${TUMBLE_CLI:-build/app/tumble-cli}"
if [ -z "${TUMBLE_CLI:-}" ]; then
    [ -f build/build.ninja ] || cmake --preset default >/dev/null
    cmake --build build --target tumble-cli >/dev/null
fi
