"""Paths to the bundled data, progress reports and the project's error base."""
