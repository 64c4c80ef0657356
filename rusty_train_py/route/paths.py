"""Enumerate every path a company's trains could run, each exactly once.

Tokens (cities holding a company token) are ordered by map position. A path's *anchor* is the
lowest-ordered token it visits. From each token T we walk outward, never entering a token
ordered before T, and record every half-path; a path whose anchor is T is either one such
half-path (T at an end) or two of them joined at T (T in the middle) with nothing in common.
So each path appears once, and a path that passes several of the company's tokens is never
lost (it is built from its lowest token, whatever tokens it meets later).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .graph import TrackGraph


class SearchCancelled(Exception):
    """Raised inside enumeration when the cancel flag is set."""


@dataclass(frozen=True, slots=True)
class HalfPath:
    stops: tuple[int, ...]  # centre ids, the anchor first
    corridors: tuple[int, ...]
    inner: int  # within-route bits, without the anchor's own bit
    track: int  # shared-track bits
    majors: int  # cities and off-boards, anchor excluded
    towns: int  # towns, anchor excluded
    crossings: int


@dataclass(frozen=True, slots=True)
class RoutePath:
    """A complete path: stops in travel order, its shared-track mask, and how it was built."""

    stops: tuple[int, ...]
    track: int
    crossings: int
    corridors: tuple[int, ...]  # in travel order, oriented from stops[0]
    reversed_corridors: int  # how many leading corridors are walked backwards


def half_paths(
    graph: TrackGraph,
    anchor: int,
    excluded: set[int],
    may_extend: Callable[[int, int, int], bool],
    cancel: Callable[[], bool] | None = None,
) -> list[HalfPath]:
    """Every half-path from ``anchor`` (the trivial one first), never entering ``excluded``."""
    centres = graph.centres
    adjacency = graph.adjacency
    corridors = graph.corridors
    is_major = [c.is_major for c in centres]
    passable = [not (c.terminal or c.blocked) for c in centres]
    bits = [c.bit for c in centres]
    out: list[HalfPath] = [HalfPath((anchor,), (), 0, 0, 0, 0, 0)]
    start_bit = bits[anchor]
    counter = [0]

    def dfs(node, stops, corrs, inner, track, majors, towns, crossings):
        counter[0] += 1
        if cancel is not None and counter[0] % 4096 == 0 and cancel():
            raise SearchCancelled
        for corr_id, nxt in adjacency[node]:
            if nxt in excluded:
                continue
            corr = corridors[corr_id]
            nb = bits[nxt]
            if (inner | start_bit) & (corr.inner_mask | nb):
                continue
            m2 = majors + is_major[nxt]
            t2 = towns + (not is_major[nxt])
            x2 = crossings + corr.crossings
            if not may_extend(m2, t2, x2):
                continue
            s2 = stops + (nxt,)
            c2 = corrs + (corr_id,)
            i2 = inner | corr.inner_mask | nb
            k2 = track | corr.track_mask
            out.append(HalfPath(s2, c2, i2, k2, m2, t2, x2))
            if passable[nxt]:
                dfs(nxt, s2, c2, i2, k2, m2, t2, x2)

    dfs(anchor, (anchor,), (), 0, 0, 0, 0, 0)
    return out


def _words(masks: list[int], n_words: int) -> np.ndarray:
    """Split Python int bit masks into an (n, n_words) array of 64-bit words."""
    arr = np.zeros((len(masks), n_words), dtype=np.uint64)
    for k in range(n_words):
        shift = 64 * k
        arr[:, k] = np.fromiter(
            ((m >> shift) & _WORD for m in masks), dtype=np.uint64, count=len(masks)
        )
    return arr


_WORD = (1 << 64) - 1

FitsFn = Callable[[np.ndarray, np.ndarray, np.ndarray], np.ndarray]


def enumerate_paths(
    graph: TrackGraph,
    may_extend: Callable[[int, int, int], bool],
    fits: FitsFn,
    cancel: Callable[[], bool] | None = None,
) -> list[RoutePath]:
    """Every path through at least one company token, once each, in a deterministic order.

    ``may_extend(majors, towns, crossings)`` says whether some train could run a path with
    these counts; ``fits`` is the same test on numpy arrays, used when joining half-paths
    (every pair is tested at once per half-path, with the masks as 64-bit word arrays).
    """
    tokens = graph.tokens()
    is_major = [c.is_major for c in graph.centres]
    n_words = max(1, (len(graph.bit_names) + 63) // 64)
    out: list[RoutePath] = []
    for k, anchor in enumerate(tokens):
        excluded = set(tokens[:k])
        halves = half_paths(graph, anchor, excluded, may_extend, cancel)
        anchor_major = int(is_major[anchor])
        anchor_town = 1 - anchor_major
        # The anchor alone is not a path; a half-path with at least one more stop is.
        for h in halves[1:]:
            out.append(RoutePath(h.stops, h.track, h.crossings, h.corridors, 0))
        halves = halves[1:]
        n = len(halves)
        if n < 2:
            continue
        words = _words([h.inner for h in halves], n_words)
        majors = np.array([h.majors for h in halves], dtype=np.int32)
        towns = np.array([h.towns for h in halves], dtype=np.int32)
        crossings = np.array([h.crossings for h in halves], dtype=np.int32)
        for i in range(n - 1):
            if cancel is not None and i % 256 == 0 and cancel():
                raise SearchCancelled
            a = halves[i]
            row = words[i]
            clash = (words[i + 1 :, 0] & row[0]) != 0
            for w in range(1, n_words):
                clash |= (words[i + 1 :, w] & row[w]) != 0
            ok = ~clash
            ok &= fits(
                majors[i + 1 :] + (a.majors + anchor_major),
                towns[i + 1 :] + (a.towns + anchor_town),
                crossings[i + 1 :] + a.crossings,
            )
            js = np.flatnonzero(ok)
            if not len(js):
                continue
            a_rev = a.stops[::-1]
            a_corr = a.corridors[::-1]
            na = len(a.corridors)
            for j in (js + (i + 1)).tolist():
                b = halves[j]
                out.append(
                    RoutePath(
                        a_rev + b.stops[1:],
                        a.track | b.track,
                        a.crossings + b.crossings,
                        a_corr + b.corridors,
                        na,
                    )
                )
    return out
