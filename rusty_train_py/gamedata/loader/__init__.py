"""The one loader: games/*.toml and tiles/*.tiles into a Game, validated with file and line."""
