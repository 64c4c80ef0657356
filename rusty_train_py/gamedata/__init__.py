"""A game as data: map hexes, companies, trains, phases, bonuses."""
