"""Helpers shared by the tests (not tests themselves): the import graph of a package, the
route oracle checks and the loading of the bundled position."""
