#!/bin/sh
# Dump the engine's position before every run_routes action of every fixture of our games.
#   tools/engine_check/dump_all.sh SNAPSHOT OUT_DIR
# SNAPSHOT: an extracted tobymao/18xx tree (lib/, public/fixtures/); OUT_DIR gets one
# <title dir>.jsonl per title directory (gzip them into tests/data/engine_positions/).
set -e
here=$(cd "$(dirname "$0")" && pwd)
snapshot=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)
cd "$snapshot"
for d in 1830 1836Jr30 1846 1849 1861 1867 1882 1889 18AL 18Chesapeake 18GA 18LosAngeles1 \
         18LosAngeles2 18MS 18TN 18Texas 18MEX 1856 1888 18MT 18CO 18EU 18SJ 18FL 18VA 1870 \
         1817 1817NA 1817WO 1824 1894 1822MX; do
  : > "$out/$d.jsonl"
  for f in public/fixtures/$d/*.json; do
    ENGINE_LOG_LEVEL=4 ruby -I"$here/rubyshim" -Ilib "$here/dump_positions.rb" "$f" "$f" \
      >> "$out/$d.jsonl" 2>> "$out/$d.err"
  done
done
