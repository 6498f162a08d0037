"""Which ctypes spellings stand for which C type.

A ctypes type matches a C type when it has the same size, signedness and
kind -- ctypes aliases (c_int32 is c_int, c_size_t is c_ulong) do not
matter, the ABI does.  Beyond exact equivalents the binding deliberately
uses a few spellings; they are the only ones allowed:

- An opaque handle (``frames_engine *``, ``frames_frame *`` ... a struct the
  header declares but never defines) travels as ``c_void_p``, and an out
  handle (``frames_engine **``) as ``POINTER(c_void_p)``: Python never looks
  inside a handle.
- ``char *`` is ``c_char_p`` (a NUL-terminated string) or ``POINTER(c_char)``.
- ``const uint8_t *`` may be ``c_char_p`` for a *function parameter* only: a
  caller's ``bytes`` is passed by address, embedded NULs included.  As a
  struct field, a return value or a callback parameter ``c_char_p`` would
  stop at the first NUL, so those must be ``POINTER(c_uint8)``.
- A pointer to a struct the header defines must be ``POINTER(<the mirror
  class>)`` -- never ``c_void_p`` -- so its layout is checked too.
- A function pointer is a ``CFUNCTYPE`` whose return and parameters follow
  these rules as a callback's.
"""

from __future__ import annotations

import ctypes
from typing import Any, Dict, FrozenSet, Literal, Optional, Tuple

from .c_types import CType, FunctionPointer, Pointer, Record, Scalar, Void, spell

Role = Literal["field", "parameter", "return", "callback parameter", "callback return"]

#: C builtin -> the ctypes type with its size and signedness on this platform.
_C_SCALARS: Dict[str, Any] = {
    "_Bool": ctypes.c_bool,
    "char": ctypes.c_char,
    "signed char": ctypes.c_byte,
    "unsigned char": ctypes.c_ubyte,
    "short": ctypes.c_short,
    "unsigned short": ctypes.c_ushort,
    "int": ctypes.c_int,
    "unsigned int": ctypes.c_uint,
    "long": ctypes.c_long,
    "unsigned long": ctypes.c_ulong,
    "long long": ctypes.c_longlong,
    "unsigned long long": ctypes.c_ulonglong,
    "float": ctypes.c_float,
    "double": ctypes.c_double,
    "long double": ctypes.c_longdouble,
}

_SIGNED_CODES = frozenset("bhilq")
_UNSIGNED_CODES = frozenset("BHILQ")
_REAL_CODES = frozenset("fdg")

_SimpleCData: Any = ctypes.c_int.__mro__[1]
_CFuncPtr: Any = ctypes.CFUNCTYPE(None).__mro__[1]
_PointerBase: Any = ctypes.POINTER(ctypes.c_int).__mro__[1]


def is_cfunctype(py: object) -> bool:
    return isinstance(py, type) and issubclass(py, _CFuncPtr)


def is_cfunction(py: object) -> bool:
    """A CFUNCTYPE instance (a C-callable object made from a Python function)."""
    return isinstance(py, _CFuncPtr)


def scalar_kind(py: object) -> Optional[Tuple[str, int]]:
    """("signed" | "unsigned" | "real" | "bool" | "char", size) of a ctypes
    scalar type, None for anything else."""
    if not (isinstance(py, type) and issubclass(py, _SimpleCData)):
        return None
    code = getattr(py, "_type_", "")
    size = ctypes.sizeof(py)
    if code in _SIGNED_CODES:
        return ("signed", size)
    if code in _UNSIGNED_CODES:
        return ("unsigned", size)
    if code in _REAL_CODES:
        return ("real", size)
    if code == "?":
        return ("bool", size)
    if code == "c":
        return ("char", size)
    return None


def c_scalar_kind(name: str) -> Tuple[str, int]:
    kind = scalar_kind(_C_SCALARS[name])
    assert kind is not None
    return kind


def describe(py: object) -> str:
    """A ctypes type as a reader of _ffi.py would write it."""
    if py is None:
        return "None"
    kind = scalar_kind(py)
    if kind is not None and kind[0] in ("signed", "unsigned"):
        return f"c_{'u' if kind[0] == 'unsigned' else ''}int{8 * kind[1]}"
    if isinstance(py, type) and issubclass(py, _PointerBase):
        return f"POINTER({describe(getattr(py, '_type_'))})"
    if is_cfunctype(py):
        args = ", ".join(describe(a) for a in getattr(py, "_argtypes_", ()))
        return f"CFUNCTYPE({describe(getattr(py, '_restype_', None))}, {args})"
    return getattr(py, "__name__", repr(py))


def mismatch(ctype: CType, py: object, role: Role, defined: FrozenSet[str], opaque: FrozenSet[str]) -> Optional[str]:
    """None when ``py`` is an allowed ctypes spelling of ``ctype`` in this
    role; otherwise why not (in words for the failure message)."""
    want = spell(ctype)
    got = describe(py)
    if isinstance(ctype, Void):
        return None if py is None and role in ("return", "callback return") else f"{got} where C has void"
    if isinstance(ctype, Scalar):
        kind = scalar_kind(py)
        if kind != c_scalar_kind(ctype.name):
            return f"{got} where C has {want}"
        return None
    if isinstance(ctype, Record):
        if isinstance(py, type) and issubclass(py, ctypes.Structure) and py.__name__ == ctype.name:
            return None
        return f"{got} where C has struct {ctype.name} by value"
    if isinstance(ctype, FunctionPointer):
        return _function_pointer_mismatch(ctype, py, defined, opaque)
    return _pointer_mismatch(ctype, py, role, defined, opaque)


def _pointer_mismatch(
    ctype: Pointer, py: object, role: Role, defined: FrozenSet[str], opaque: FrozenSet[str]
) -> Optional[str]:
    target = ctype.target
    want = spell(ctype)
    got = describe(py)
    if py is ctypes.c_void_p:
        if isinstance(target, Void) or (isinstance(target, Record) and target.name in opaque):
            return None
        return f"c_void_p where C has {want} (only void * and opaque handles may be c_void_p)"
    if py is ctypes.c_char_p:
        if isinstance(target, Scalar) and target.name == "char":
            return None
        if isinstance(target, Scalar) and target.name in ("unsigned char", "signed char") and role == "parameter":
            return None
        return f"c_char_p where C has {want} (c_char_p stops at the first NUL byte)"
    if isinstance(py, type) and issubclass(py, _PointerBase):
        pointee = getattr(py, "_type_")
        if isinstance(target, Record) and target.name in opaque:
            return f"{got} where C has {want} (an opaque handle is c_void_p)"
        if isinstance(target, Record) and target.name not in defined:
            return f"{got} where C has {want}, a struct frames.h does not define"
        inner = mismatch(target, pointee, "field", defined, opaque)
        return None if inner is None else f"{got} where C has {want}"
    if isinstance(target, FunctionPointer):
        return f"{got} where C has a pointer to a function pointer"
    return f"{got} where C has {want}"


def _function_pointer_mismatch(
    ctype: FunctionPointer, py: object, defined: FrozenSet[str], opaque: FrozenSet[str]
) -> Optional[str]:
    if not is_cfunctype(py):
        return f"{describe(py)} where C has the function pointer {spell(ctype)}"
    problems = []
    restype = getattr(py, "_restype_", None)
    returns = mismatch(ctype.returns, restype, "callback return", defined, opaque)
    if returns is not None:
        problems.append(f"returns {returns}")
    argtypes = tuple(getattr(py, "_argtypes_", ()))
    if len(argtypes) != len(ctype.params):
        problems.append(f"takes {len(argtypes)} parameters where C has {len(ctype.params)}")
    else:
        for i, (c_param, py_param) in enumerate(zip(ctype.params, argtypes)):
            why = mismatch(c_param, py_param, "callback parameter", defined, opaque)
            if why is not None:
                problems.append(f"parameter {i + 1} is {why}")
    return "; ".join(problems) or None
