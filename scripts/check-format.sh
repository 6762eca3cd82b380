#!/usr/bin/env bash
# Fails (exit 1) when a tracked C++ file differs from what .clang-format makes of it, and names
# the files; CTest runs it as format.Check in the default run. Fix with:
#   clang-format -i $(git ls-files '*.h' '*.cpp')
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
# tracked files when this is a git checkout, else every source file under the project's rooms
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.h' '*.cpp')
else
    mapfile -t files < <(find app core tests ui -name '*.h' -o -name '*.cpp' | sort)
fi
bad=()
for f in "${files[@]}"; do
    [ -f "$f" ] || continue
    if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
        bad+=("$f")
    fi
done
if [ ${#bad[@]} -gt 0 ]; then
    echo "check-format: ${#bad[@]} file(s) not formatted with .clang-format:" >&2
    printf '  %s\n' "${bad[@]}" >&2
    exit 1
fi
echo "check-format: ${#files[@]} files formatted"
