"""The track planner (Qt-free): the cheapest legal track joining a target to a company's
network, over operating rounds, and what it earns. Import from the modules (the package
itself imports nothing, so the command line's parser stays light):

- ``targets.py``: hexes and place names; whether a network reaches a target;
- ``schedule.py``: the game's tile lays per round (``tile_lays.py``) and what a lay costs;
- ``relaxed.py``: the lower bound (a relaxed hex-side graph searched from the target);
- ``search.py``: ``plan_track``, A* over maps with the advisor's legal lays;
- ``explain.py``: why there is no plan; ``earnings.py``: the routes after the plan;
- ``result.py``: the plan and its JSON; ``cli.py``: the ``plan`` command.
"""
