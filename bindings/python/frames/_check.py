"""Argument checks at the edge of the Python API (XC-07, XC-08).

ctypes converts loosely: a str where a bool is expected is true, an int out
of range wraps, a float for an int64 raises ctypes.ArgumentError and a str
for a ``char *`` gives AttributeError on ``.encode``.  Every public method
runs its arguments through these helpers first, so a wrong type raises the
exception a Python user expects, with a message naming the parameter,
before anything reaches the library:

- TypeError: the wrong type (a bool that is not a bool, a length that is
  not a real number, an enumeration that is not its enum, an id that is
  not a str);
- ValueError: a str with a NUL character or a lone surrogate (not UTF-8);
- OverflowError: an integer outside the range of its C type.

Values of the right type but outside the library's domain (NaN, negative
lengths, unknown ids) are left to the library, which reports them as
FramesError subclasses: the rules live in one place.
"""

from __future__ import annotations

import ctypes
import enum
import json
import numbers
import os
from typing import Any, Iterable, Optional, Tuple, Type, TypeVar

__all__ = [
    "INT32",
    "INT64",
    "UINT32",
    "UINT64",
    "SIZE",
    "boolean",
    "real",
    "integer",
    "time_ms",
    "index",
    "text",
    "optional_text",
    "member",
    "instance",
    "byte_data",
    "rect",
    "json_text",
    "callables",
    "path_or_bytes",
]

#: (lowest, highest, C type name) of the integer types the header uses.
Bounds = Tuple[int, int, str]
INT32: Bounds = (-(2**31), 2**31 - 1, "int32_t")
INT64: Bounds = (-(2**63), 2**63 - 1, "int64_t")
UINT32: Bounds = (0, 2**32 - 1, "uint32_t")
UINT64: Bounds = (0, 2**64 - 1, "uint64_t")
SIZE: Bounds = (0, 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1, "size_t")

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].upper() in 'AEIOU' else 'a'} {noun}"


def _kind(value: object) -> str:
    """How a wrong value is named in a message: its type and a short repr."""
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{type(value).__name__} {shown}"


def boolean(name: str, value: object) -> bool:
    """Only True or False: ``rtl="no"`` would be true for ctypes."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, not {_kind(value)}")
    return value


def real(name: str, value: object) -> float:
    """A length, ratio or factor: int or float (or any numbers.Real), never
    a bool or a str.  Range and finiteness are the library's to judge."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number (int or float), not {_kind(value)}")
    try:
        return float(value)
    except OverflowError:
        raise OverflowError(f"{name} = {value} is too large for a C double") from None


def integer(name: str, value: object, bounds: Bounds) -> int:
    """An int (or numbers.Integral, never a bool) inside ``bounds``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {_kind(value)}")
    number = int(value)
    low, high, c_type = bounds
    if not low <= number <= high:
        raise OverflowError(f"{name} = {number} is out of the range of {c_type} ({low}..{high})")
    return number


def time_ms(value: object, name: str = "now_ms") -> int:
    """The host's monotonic time in milliseconds (int64_t, XC-01)."""
    return integer(name, value, INT64)


def index(value: object, name: str = "index") -> int:
    """A position in a list (size_t): a negative index is out of range."""
    return integer(name, value, SIZE)


def text(name: str, value: object) -> bytes:
    """An id, URL or message: a str without NUL characters, as UTF-8."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {_kind(value)}")
    position = value.find("\0")
    if position >= 0:
        raise ValueError(f"{name} contains a NUL character at index {position}; C strings end there")
    return _utf8(name, value)


def _utf8(name: str, value: str) -> bytes:
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise ValueError(f"{name} is not valid Unicode text: {error.reason} at index {error.start}") from None


def optional_text(name: str, value: object) -> Optional[bytes]:
    """``text`` or None (the library's default or "none")."""
    return None if value is None else text(name, value)


def member(name: str, value: object, kind: Type[E]) -> E:
    """A member of the enum ``kind`` itself: a plain int or another enum
    would be a silent mistake (frames.LayoutType.TILES is 2, and so is
    frames.AppState.BACKGROUND)."""
    if not isinstance(value, kind):
        example = next(iter(kind))
        raise TypeError(
            f"{name} must be {_a(kind.__name__)} (e.g. {kind.__name__}.{example.name}), not {_kind(value)}"
        )
    return value


def instance(name: str, value: object, kind: Type[T]) -> T:
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {_a(kind.__name__)}, not {_kind(value)}")
    return value


def byte_data(name: str, value: object) -> bytes:
    """bytes, bytearray or memoryview (not a str: its encoding is unknown)."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{name} must be bytes (or bytearray, memoryview), not {_kind(value)}")


_RECT_PARTS = ("x", "y", "width", "height")


def rect(name: str, value: object) -> Tuple[float, float, float, float]:
    """A Rect or any sequence of four real numbers (x, y, width, height)."""
    # A Rect or a tuple of four floats is what hosts pass on every scroll
    # step: taken as it is, without building a field name per number.
    if isinstance(value, tuple) and len(value) == 4:
        x, y, width, height = value
        if type(x) is float and type(y) is float and type(width) is float and type(height) is float:
            return x, y, width, height
    if isinstance(value, (str, bytes, bytearray)) or not hasattr(value, "__len__") or not hasattr(value, "__getitem__"):
        raise TypeError(f"{name} must be a Rect or (x, y, width, height), not {_kind(value)}")
    items = list(value)  # type: ignore[call-overload]
    if len(items) != 4:
        raise ValueError(f"{name} must have four numbers (x, y, width, height); got {len(items)}")
    x, y, width, height = (item if type(item) is float else real(f"{name}.{part}", item)
                           for part, item in zip(_RECT_PARTS, items))
    return x, y, width, height


def json_text(name: str, value: Any) -> bytes:
    """``value`` as strict JSON (no NaN or Infinity, which JSON lacks)."""
    try:
        return json.dumps(value, allow_nan=False).encode("utf-8")
    except TypeError as error:
        raise TypeError(f"{name} is not JSON-serializable: {error}") from None
    except ValueError as error:  # NaN, infinities, circular references
        raise ValueError(f"{name} is not valid JSON: {error}") from None


def callables(name: str, value: object, methods: Iterable[str]) -> None:
    """A host or delegate may leave out any method, but one it has must be
    callable: found now rather than inside a callback later."""
    for method in methods:
        attribute = getattr(value, method, None)
        if attribute is not None and not callable(attribute):
            raise TypeError(f"{name}.{method} must be a method, not {_kind(attribute)}")


def path_or_bytes(name: str, value: object) -> bytes:
    """A document given as bytes, text, or a path (os.PathLike) to read."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, str):
        return _utf8(name, value)
    if isinstance(value, os.PathLike):
        with open(value, "rb") as file:
            return file.read()
    raise TypeError(f"{name} must be bytes, str or a path (os.PathLike), not {_kind(value)}")

