#!/bin/sh
# Development tool: import every title of titles.txt again (tools/import_game/import_title.sh).
#   tools/import_game/import_all.sh [SNAPSHOT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
grep -v '^#' "$here/titles.txt" | while read -r title id options; do
    [ -n "$title" ] || continue
    echo "== $title -> $id"
    # shellcheck disable=SC2086
    SNAPSHOT="${1:-/work/tmp/18xx}" "$here/import_title.sh" "$title" "$id" $options
done
