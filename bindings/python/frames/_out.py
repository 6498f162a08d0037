"""A caller's writable buffer as the destination of a layout (``out=``).

Accepted: array('d'), a C-contiguous, writable numpy float64 array of any
shape (``numpy.empty((n, 4))``), and any other writable, C-contiguous
buffer of doubles or bytes (bytearray, memoryview).  The library writes
frames_rect records (4 doubles) at its start, so it must be 8-byte aligned.
"""

from __future__ import annotations

import ctypes
import sys
from array import array
from typing import Any, Tuple, Union

from ._ratios import SupportsArrayInterface

__all__ = ["WritableBuffer", "out_buffer"]

#: What ``out=`` accepts besides a result object.
WritableBuffer = Union["array[Any]", bytearray, memoryview, SupportsArrayInterface]

_RECT_SIZE = 32
_NATIVE_F8 = "<f8" if sys.byteorder == "little" else ">f8"


def _aligned(address: int, name: str) -> int:
    if address % 8:
        raise ValueError(f"{name} is not 8-byte aligned; the rects are doubles")
    return address


def out_buffer(out: Any, name: str = "out") -> Tuple[Any, int, int]:
    """(owner, address, capacity in rects) of a writable buffer."""
    if type(out) is array:
        if out.typecode != "d":
            raise TypeError(f"{name} must hold doubles: array('d'), not array({out.typecode!r})")
        address, length = out.buffer_info()
        return out, address, length // 4
    interface = getattr(out, "__array_interface__", None) if "numpy" in sys.modules else None
    if interface is not None:
        address, readonly = interface["data"]
        if readonly:
            raise TypeError(f"{name} must be writable; this numpy array is read-only")
        if interface["typestr"] != _NATIVE_F8:
            raise TypeError(f"{name} must be a float64 array, not {interface['typestr']}")
        if interface.get("strides") is not None:
            raise ValueError(f"{name} must be C-contiguous (numpy.ascontiguousarray)")
        doubles = 1
        for extent in interface["shape"]:
            doubles *= int(extent)
        return out, _aligned(address, name), doubles // 4
    if isinstance(out, (bytes, str)):
        raise TypeError(f"{name} must be a writable buffer, not {type(out).__name__}")
    try:
        view = memoryview(out)
    except TypeError:
        raise TypeError(
            f"{name} must be a LayoutResult or a writable buffer of doubles (array('d'), a numpy float64 "
            f"array, bytearray), not {type(out).__name__}"
        ) from None
    if view.readonly:
        raise TypeError(f"{name} must be writable")
    if not view.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous")
    if view.format not in ("d", "@d", "=d", "B", "b", "c"):
        raise TypeError(f"{name} must hold doubles (or bytes), not items of format {view.format!r}")
    if view.nbytes == 0:
        return out, 0, 0
    memory = (ctypes.c_char * view.nbytes).from_buffer(view)
    # The ctypes array keeps the buffer exported (and ``out`` alive).
    return memory, _aligned(ctypes.addressof(memory), name), view.nbytes // _RECT_SIZE
