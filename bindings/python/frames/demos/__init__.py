"""Demos of the frames package: the App Frames home screen, banner places,
inline and modal messages on a simulated phone, the local campaign server,
SVG pictures of layouts, and the ``frames`` command (``python -m frames``).

The library never imports this package; it uses only the public API.
"""
