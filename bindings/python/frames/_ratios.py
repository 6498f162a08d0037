"""Turns any sequence of numbers into contiguous C doubles for one call.

float64 buffers that are already contiguous (array('d'), numpy float64 arrays,
writable 'd' memoryviews) are passed without a copy.  Everything else is
converted in C: numpy.ascontiguousarray for numpy inputs, array('d', ...) for
other sequences and iterables.  Never a Python-level loop over the items.

The result is an integer address, the count and the object owning the
memory (keep it alive for the call): the layout calls pass addresses, which
ctypes converts far faster than typed pointers (docs/performance.md).
"""

from __future__ import annotations

import ctypes
import struct
import sys
from array import array
from typing import Any, Dict, Iterable, NamedTuple, Protocol, Tuple, Union, cast

__all__ = ["Ratios", "DoubleBuffer", "as_double_buffer", "double_address", "from_interface", "not_real", "pack_doubles",
           "writable_doubles"]


class SupportsArrayInterface(Protocol):
    """A numpy array or anything else with the numpy array interface."""

    @property
    def __array_interface__(self) -> Dict[str, Any]: ...


#: Anything convertible: a sequence or iterable of numbers, an array.array,
#: a numpy array, or a memoryview of doubles.
Ratios = Union[Iterable[float], "array[Any]", memoryview, SupportsArrayInterface]

#: (address, count, owner): ``count`` doubles at ``address``, kept alive by
#: ``owner``.  The address is meaningless when the count is 0.
Address = Tuple[int, int, object]

_DOUBLE_P = ctypes.POINTER(ctypes.c_double)
_NATIVE_F8 = "<f8" if sys.byteorder == "little" else ">f8"


class DoubleBuffer(NamedTuple):
    pointer: "ctypes._Pointer[ctypes.c_double] | None"
    length: int
    #: The object that owns the memory; keep it alive for the call.
    owner: object


_ZERO = array("d", [0.0])
#: Compiled "<count>d" formats of small counts (struct's own cache holds
#: the rest).
_PACKERS: Dict[int, struct.Struct] = {}


def _is_real(value: object) -> bool:
    """Whether ``value`` converts to a C double as the packers convert it."""
    try:
        struct.pack("d", value)
    except struct.error:
        return False
    return True


def not_real(values: Any, name: str, detail: object) -> TypeError:
    """The error for ``values`` that do not all convert to doubles: the first
    item that does not, by index and value, when ``values`` can be indexed
    again (a list, a tuple, a sequence); else what the conversion said."""
    if isinstance(values, (list, tuple)) or (hasattr(values, "__getitem__") and hasattr(values, "__len__")):
        try:
            for index in range(len(values)):
                item = values[index]
                if not _is_real(item):
                    return TypeError(
                        f"{name}[{index}] is {item!r} ({type(item).__name__}); each ratio must be a real number "
                        "(int or float), e.g. 1.5"
                    )
        except Exception:  # an odd sequence: fall back to what the conversion said
            pass
    return TypeError(f"{name} must be real numbers: {detail}")


def pack_doubles(buffer: Any, offset: int, values: Any, count: int, name: str = "ratios") -> None:
    """Writes a list or tuple of ``count`` numbers as doubles into
    ``buffer`` at byte ``offset``.  One C call: about three times faster than
    array('d', values), which converts item by item."""
    packer = _PACKERS.get(count)
    if packer is None:
        packer = struct.Struct(f"@{count}d")
        if count <= 256:
            _PACKERS[count] = packer
    try:
        packer.pack_into(buffer, offset, *values)
    except struct.error as error:
        raise not_real(values, name, error) from None


def _packed(values: Any, name: str) -> Address:
    count = len(values)
    converted = _ZERO * count
    pack_doubles(converted, 0, values, count, name)
    return converted.buffer_info()[0], count, converted


def _converted(values: Any, name: str) -> Address:
    try:
        converted = array("d", values)
    except TypeError as error:
        raise not_real(values, name, error) from None
    address, count = converted.buffer_info()
    return address, count, converted


def from_interface(values: Any, interface: Dict[str, Any], name: str) -> Address:
    """A numpy array (or any object with the array interface) as doubles;
    ``interface`` is its ``__array_interface__``, read once by the caller
    (numpy builds that dict on every access)."""
    shape = interface["shape"]
    if len(shape) != 1:
        raise ValueError(f"{name} must be one-dimensional; got an array of shape {tuple(shape)}")
    strides = interface.get("strides")
    address = interface["data"][0]
    if (
        interface["typestr"] == _NATIVE_F8
        and (strides is None or tuple(strides) == (8,))
        and address % 8 == 0
    ):
        return address, int(shape[0]), values
    numpy = sys.modules["numpy"]
    try:
        converted = numpy.ascontiguousarray(values, dtype=numpy.float64)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be real numbers: {error}") from None
    return from_interface(converted, converted.__array_interface__, name)


_CHAR = ctypes.c_char


def writable_doubles(values: Any) -> "Address | None":
    """A writable, contiguous 1-D buffer of native doubles (a numpy float64
    array, a memoryview of doubles) without a copy, through the buffer
    protocol: about three times cheaper than numpy's __array_interface__
    (a dict numpy builds on every access).  None for anything else."""
    try:
        view = memoryview(values)
    except TypeError:
        return None
    if view.ndim != 1 or view.format not in ("d", "@d") or not view.c_contiguous:
        return None
    count = len(view)
    if count == 0:
        return 0, 0, values
    if view.readonly:
        return None
    address = ctypes.addressof(_CHAR.from_buffer(view))
    return (address, count, values) if address % 8 == 0 else None


def double_address(values: Any, name: str = "ratios") -> Address:
    """``values`` as contiguous doubles: (address, count, owner)."""
    kind = type(values)
    if kind is list or kind is tuple:
        return _packed(values, name)
    if kind is array:
        if values.typecode == "d":
            address, count = values.buffer_info()
            return address, count, values
        return _converted(values, name)
    fast = writable_doubles(values)
    if fast is not None:
        return fast
    interface = getattr(values, "__array_interface__", None) if "numpy" in sys.modules else None
    if interface is not None:
        return from_interface(values, interface, name)
    if values is None:
        raise TypeError(f"{name} is None; pass a list of banner ratios (width / height), e.g. [1.5, 1.0] "
                        "([] lays out nothing)")
    if isinstance(values, (bytes, bytearray, str)):
        raise TypeError(f"{name} must be numbers, not {kind.__name__}")
    if isinstance(values, memoryview):
        if values.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional; got a memoryview of shape {values.shape}")
        # A C loop (memoryview iteration inside array()) and one copy.
        return _converted(values, name)
    if isinstance(values, (int, float)):
        raise TypeError(f"{name} must be a sequence of numbers, not one {kind.__name__}")
    # range, generators, other iterables: array() converts them in C.
    return _converted(cast("Iterable[float]", values), name)


def as_double_buffer(ratios: Ratios) -> DoubleBuffer:
    """A typed pointer to ``length`` contiguous doubles and their owner."""
    address, count, owner = double_address(ratios)
    if count == 0:
        return DoubleBuffer(None, 0, owner)
    # Cast the integer address: casting a ctypes object ties the two into a
    # reference cycle that only the garbage collector frees.
    return DoubleBuffer(ctypes.cast(address, _DOUBLE_P), count, owner)
