"""The advisor (Qt-free): which tile lay, and which station token, earn a company's trains the
most this operating round, ranked exactly by the route finder.

- ``reach.py``: where the company's network reaches (networkx), the sides it may lay to;
- ``lays.py``: the legal lays (for the company, or anywhere for one tile) and their cost;
- ``tokens.py``: the legal token placements;
- ``graphkey.py``: what the trains can use of a map, as one comparable key (the pruning);
- ``score.py``: the finder's optimum per map, one search per key;
- ``rank.py``: ``advise``, the ranking (lays, tokens, lay-then-token, next-round tie break);
- ``progress.py``: progress reports; ``result.py``: the answer and its JSON (the ``advise``
  command is in ``cli/``).
"""

from .lays import Lay, TilePlaces, legal_lays, where_tile_goes
from .progress import AdviceProgress
from .rank import advise, after_lay, after_token
from .reach import Reach, company_reach
from .result import Advice, AdviceStats, ScoredLay, ScoredPair, ScoredToken
from .tokens import TOKEN_COST_NOTE, TokenPlace, legal_tokens

__all__ = [
    "TOKEN_COST_NOTE",
    "Advice",
    "AdviceProgress",
    "AdviceStats",
    "Lay",
    "Reach",
    "ScoredLay",
    "ScoredPair",
    "ScoredToken",
    "TilePlaces",
    "TokenPlace",
    "advise",
    "after_lay",
    "after_token",
    "company_reach",
    "legal_lays",
    "legal_tokens",
    "where_tile_goes",
]
