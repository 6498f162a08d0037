"""Argument checks of the layout API: the exceptions a Python user expects,
raised before anything reaches ctypes (docs/decisions.md, "Python layout
calls").

Each check costs a type() comparison on the common path (a float, an int,
a bool), so the per-call budget of layout_banners holds; the slower
isinstance() tests run only for other types (numpy scalars, Fractions).
"""

from __future__ import annotations

import ctypes
import numbers
from typing import Any, Optional

__all__ = ["length", "optional_length", "flag", "size", "int64", "int32"]

SIZE_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1


def _type_name(value: object) -> str:
    return type(value).__name__


def length(value: Any, name: str) -> float:
    """A length in points: a real number (int, float, numpy float ...), not
    a bool or a str.  Its value (NaN, negative) is the library's to judge,
    which names the argument.  An int too large for a double raises
    OverflowError."""
    kind = type(value)
    if kind is float:
        return value  # type: ignore[no-any-return]
    if kind is int:
        return float(value)
    if kind is bool or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number (int or float), not {_type_name(value)}")
    return float(value)


def optional_length(value: Any, name: str) -> Optional[float]:
    return None if value is None else length(value, name)


def flag(value: Any, name: str) -> bool:
    """A bool parameter takes only True or False: "no", 0 or None are not
    silently truthy or falsy."""
    if value is True or value is False:
        return bool(value)
    raise TypeError(f"{name} must be a bool (True or False), not {_type_name(value)}")


def integer(value: Any, name: str) -> int:
    """An int (or a numpy integer), not a bool or a float."""
    if type(value) is int:
        return int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {_type_name(value)}")
    return int(value)


def size(value: Any, name: str) -> int:
    """A size_t: an int in [0, SIZE_MAX]; OverflowError outside."""
    number = integer(value, name)
    if not 0 <= number <= SIZE_MAX:
        raise OverflowError(f"{name} is {number}; it must be in [0, {SIZE_MAX}] (a C size_t)")
    return number


def int64(value: Any, name: str) -> int:
    """An int64_t: OverflowError outside its range."""
    number = integer(value, name)
    if not INT64_MIN <= number <= INT64_MAX:
        raise OverflowError(f"{name} is {number}; it must be in [{INT64_MIN}, {INT64_MAX}] (a C int64_t)")
    return number


def int32(value: Any, name: str) -> int:
    """An int32_t: OverflowError outside its range."""
    number = integer(value, name)
    if not INT32_MIN <= number <= INT32_MAX:
        raise OverflowError(f"{name} is {number}; it must be in [{INT32_MIN}, {INT32_MAX}] (a C int32_t)")
    return number
