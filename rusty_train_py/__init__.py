"""rusty-train-py: track live 18xx maps and find the optimal routes for a company's trains."""

__version__ = "0.1.0"
