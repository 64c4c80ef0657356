#!/bin/sh
# Dump the engine's position before every run_routes action of every fixture of our games.
#   tools/engine_check/dump_all.sh SNAPSHOT OUT_DIR
# SNAPSHOT: an extracted tobymao/18xx tree (lib/, public/fixtures/); OUT_DIR gets one
# <title dir>.jsonl per title directory (gzip them into tests/data/engine_positions/). The
# title directories are those of our fixtures, tests/data/18xx_fixtures/ (no list to keep).
set -e
here=$(cd "$(dirname "$0")" && pwd)
titles=$(cd "$here/../../tests/data/18xx_fixtures" && ls -d */ | tr -d /)
snapshot=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
cd "$snapshot"
for d in $titles; do
  : > "$out/$d.jsonl"
  for f in public/fixtures/$d/*.json; do
    ENGINE_LOG_LEVEL=4 ruby -I"$here/rubyshim" -Ilib "$here/dump_positions.rb" "$f" "$f" \
      >> "$out/$d.jsonl" 2>> "$out/$d.err"
  done
done
