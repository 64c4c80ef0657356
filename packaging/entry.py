"""The bundle's entry point (PyInstaller needs a script): ``rusty-train-py`` as installed."""

import sys

from rusty_train_py.cli import main

if __name__ == "__main__":
    sys.exit(main())
