"""The hex grid and tiles: coordinates, tile parts and codes, partitions, lays, the catalogue."""
