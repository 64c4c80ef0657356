#!/bin/sh
# Development tool: import one 18xx.games title into games/ and tiles/.
#   [SNAPSHOT=DIR] tools/import_game/import_title.sh TITLE ID [--engine-options LIST]
#       [write_game.py options]
# TITLE is the engine's title (1828.Games), ID ours (1828Games); SNAPSHOT an extracted
# tobymao/18xx tree holding lib/ (default /work/tmp/18xx). Needs ruby (Debian's is enough).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
title=$1
id=$2
shift 2
# --engine-options LIST (first): the engine's optional rules whose trains and phases are added
engine_options=
if [ "${1:-}" = "--engine-options" ]; then
    engine_options=$2
    shift 2
fi
snapshot=${SNAPSHOT:-/work/tmp/18xx}
dump=$(mktemp)
trap 'rm -f "$dump"' EXIT
(cd "$snapshot" && ENGINE_OPTIONS="$engine_options" ENGINE_LOG_LEVEL=4 ruby -I"$here/../engine_check/rubyshim" -Ilib "$here/dump_game.rb" "$title") > "$dump"
PYTHONPATH="$root" "$root/.venv/bin/python" "$here/write_game.py" "$dump" --id "$id" "$@"
