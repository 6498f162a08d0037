"""Turns any sequence of ratios into a contiguous buffer of C doubles.

float64 buffers that are already contiguous (array('d'), numpy float64 arrays,
writable 'd' memoryviews) are passed without a copy.  Everything else is
converted in C: numpy.ascontiguousarray for numpy inputs, array('d', ...) for
other sequences and iterables.  Never a Python-level loop over the items.
"""

from __future__ import annotations

import ctypes
import sys
from array import array
from typing import Any, Dict, Iterable, NamedTuple, Protocol, Union, cast

__all__ = ["Ratios", "DoubleBuffer", "as_double_buffer"]


class SupportsArrayInterface(Protocol):
    """A numpy array or anything else with the numpy array interface."""

    @property
    def __array_interface__(self) -> Dict[str, Any]: ...


#: Anything convertible: a sequence or iterable of numbers, an array.array,
#: a numpy array, or a memoryview of doubles.
Ratios = Union[Iterable[float], "array[Any]", memoryview, SupportsArrayInterface]

_DOUBLE_P = ctypes.POINTER(ctypes.c_double)
_NATIVE_F8 = "<f8" if sys.byteorder == "little" else ">f8"


class DoubleBuffer(NamedTuple):
    pointer: "ctypes._Pointer[ctypes.c_double] | None"
    length: int
    #: The object that owns the memory; keep it alive for the call.
    owner: object


def _from_address(address: int, count: int, owner: object) -> DoubleBuffer:
    if count == 0:
        return DoubleBuffer(None, 0, owner)
    # Cast the integer address: casting a ctypes object ties the two into a
    # reference cycle that only the garbage collector frees.
    return DoubleBuffer(ctypes.cast(address, _DOUBLE_P), count, owner)


def _from_numpy(values: Any) -> DoubleBuffer:
    interface = values.__array_interface__
    shape = interface["shape"]
    if len(shape) != 1:
        raise ValueError(f"ratios must be one-dimensional; got an array of shape {tuple(shape)}")
    strides = interface.get("strides")
    address = interface["data"][0]
    if (
        interface["typestr"] == _NATIVE_F8
        and (strides is None or tuple(strides) == (8,))
        and address % 8 == 0
    ):
        return _from_address(address, int(shape[0]), values)
    numpy = sys.modules["numpy"]
    converted = numpy.ascontiguousarray(values, dtype=numpy.float64)
    return _from_numpy(converted)


def _from_array(values: "array[Any]") -> DoubleBuffer:
    if values.typecode != "d":
        values = array("d", values)
    address, count = values.buffer_info()
    return _from_address(address, count, values)


def as_double_buffer(ratios: Ratios) -> DoubleBuffer:
    """A pointer to ``length`` contiguous doubles and the object owning them."""
    if isinstance(ratios, array):
        return _from_array(ratios)
    if hasattr(ratios, "__array_interface__") and "numpy" in sys.modules:
        return _from_numpy(ratios)
    if isinstance(ratios, (bytes, bytearray, str)):
        raise TypeError(f"ratios must be numbers, not {type(ratios).__name__}")
    if isinstance(ratios, memoryview):
        view = ratios
        if view.ndim == 1 and view.format in ("d", "@d") and view.c_contiguous and not view.readonly:
            buffer = (ctypes.c_double * len(view)).from_buffer(view)
            return _from_address(ctypes.addressof(buffer), len(view), (view, buffer))
        if view.ndim != 1:
            raise ValueError(f"ratios must be one-dimensional; got a memoryview of shape {view.shape}")
        # A C loop (memoryview iteration inside array()) and one copy.
        return _from_array(array("d", view))
    # list, tuple, range, generators, ...: array() converts them in C.
    return _from_array(array("d", cast("Iterable[float]", ratios)))
