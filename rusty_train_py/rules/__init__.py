"""Rule kinds as registered objects: train rules, bonuses, and reading them from game files."""
