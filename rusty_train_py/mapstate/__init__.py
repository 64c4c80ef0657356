"""The map as played: tiles laid, tokens, phase; the upgrade rules, tile counts and place names on it."""
