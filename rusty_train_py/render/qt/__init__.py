"""The Qt drawing corner of render/: QPainter code drawing what render/geometry lays out.

Everything under render/ outside this package is Qt-free; the window (ui/) and the image
export draw through these modules: ``tiles`` (one tile), ``map`` (the whole map), ``overlays``
(routes, marks, the selection), ``ghosts`` (proposed lays), ``chart`` (the upgrade chart) and
``export`` (PNG/SVG files).
"""
