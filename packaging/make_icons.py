"""Render the application icon, resources/icon.svg, to the bitmaps the systems want:
resources/icon.png (256 px: the window's icon where SVG cannot be read), packaging/icon.ico
(Windows: the executable's icon) and packaging/icon.icns (macOS: the .app's icon).

    QT_QPA_PLATFORM=offscreen python packaging/make_icons.py

Run it after changing the SVG; the outputs are committed (the bundle's build needs no Qt
image plugins of its own).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

TOP = Path(__file__).resolve().parent.parent
SVG = TOP / "resources" / "icon.svg"


def render(size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    QSvgRenderer(str(SVG)).render(painter)
    painter.end()
    return image


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])
    outputs = (
        (TOP / "resources" / "icon.png", 256),
        (TOP / "packaging" / "icon.ico", 256),
        (TOP / "packaging" / "icon.icns", 512),
    )
    for path, size in outputs:
        if not render(size).save(str(path)):
            print(f"cannot write {path}", file=sys.stderr)
            return 1
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
