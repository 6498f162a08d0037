"""Drift in prototypes: the signature table against the header's functions,
and the callbacks (CFUNCTYPE types and the Python functions behind them)."""

from __future__ import annotations

import ctypes
import gc
import inspect
from ctypes import c_void_p
from typing import Any, Dict, List, Optional, Set, Tuple

from .ctypes_rules import describe, is_cfunctype, mismatch
from .header_facts import HeaderFacts
from .package_view import PackageView


def function_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    out: List[str] = []
    tables = view.signature_tables()
    if len(tables) != 1:
        return [f"the package must have exactly one SIGNATURES table, it has {len(tables)}: {[w for w, _ in tables]}"]
    where, table = tables[0]
    rows: Dict[str, Tuple[Any, Tuple[Any, ...], bool]] = {}
    for row in table:
        name, restype, argtypes, checked = row
        if name in rows:
            out.append(f"{name}: two rows in {where}")
        rows[name] = (restype, tuple(argtypes), bool(checked))
    defined = frozenset(facts.structs)
    for name, fn in facts.functions.items():
        if name not in rows:
            out.append(f"{name}: declared in frames.h, but {where} has no row for it")
            continue
        restype, argtypes, checked = rows[name]
        if fn.variadic:
            out.append(f"{name}: variadic in frames.h; ctypes argtypes cannot describe it")
        why = mismatch(fn.returns, restype, "return", defined, facts.opaque)
        if why is not None:
            out.append(f"{name}: returns {why} (frames.h returns {fn.returns_written})")
        if checked and fn.returns_written != "frames_result":
            out.append(f"{name}: {where} checks its result as a frames_result, but frames.h returns {fn.returns_written}")
        if len(argtypes) != len(fn.params):
            declared = ", ".join(f"{p.written} {p.name}" for p in fn.params) or "void"
            out.append(f"{name}: {len(argtypes)} argtypes in {where}, frames.h declares ({declared})")
            continue
        for i, (param, py) in enumerate(zip(fn.params, argtypes)):
            why = mismatch(param.ctype, py, "parameter", defined, facts.opaque)
            if why is not None:
                out.append(f"{name}: parameter {i + 1} '{param.name}' is {why} (frames.h: {param.written} {param.name})")
    for name in rows:
        if name not in facts.functions:
            out.append(f"{name}: a row in {where}, but frames.h declares no such function")
    return out


def _compared_cfunctypes(view: PackageView) -> Set[int]:
    """The CFUNCTYPE types that a mirror field or a table row puts in front
    of the header (and so are compared with it)."""
    ids: Set[int] = set()
    for _, cls in view.structures():
        for entry in getattr(cls, "_fields_", ()):
            if is_cfunctype(entry[1]):
                ids.add(id(entry[1]))
    for _, table in view.signature_tables():
        for row in table:
            for py in (row[1], *row[2]):
                if is_cfunctype(py):
                    ids.add(id(py))
    return ids


def _python_function(cfunction: Any) -> Optional[Any]:
    # ctypes keeps the Python callable of a CFUNCTYPE instance without a
    # public attribute; the garbage collector's view of the object has it.
    for referent in gc.get_referents(cfunction):
        if inspect.isfunction(referent) or inspect.ismethod(referent):
            return referent
    return None


def callback_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    """Every CFUNCTYPE is compared with a function pointer of the header (as
    a mirrored struct's field), and every Python function handed to C takes
    what its CFUNCTYPE passes and returns what it expects."""
    out: List[str] = []
    compared = _compared_cfunctypes(view)
    for where, cls in view.cfunctypes():
        if id(cls) not in compared:
            out.append(
                f"{where} = {describe(cls)}: no mirrored struct field or SIGNATURES row uses it, "
                "so nothing compares it with frames.h"
            )
    ffi = next((m for m in view.modules if m.__name__.endswith("._ffi")), None)
    rows = {row[0]: row for row in getattr(ffi, "SIGNATURES", ())}
    for where, cfunction in view.trampolines():
        cls = type(cfunction)
        bound = getattr(cfunction, "frames_function", None)
        if isinstance(bound, str):
            # A second foreign-function object for a header function
            # (_ffi.address_function): its row is checked against frames.h,
            # and it must be that row with pointers as plain addresses.
            row = rows.get(bound)
            if row is None:
                out.append(f"{where}: calls {bound}, which has no SIGNATURES row")
                continue
            expected = [c_void_p if issubclass(t, ctypes._Pointer) else t for t in row[2]]
            if list(getattr(cls, "_argtypes_", ())) != expected or getattr(cls, "_restype_", None) is not row[1]:
                out.append(f"{where}: {describe(cls)} is not {bound}'s SIGNATURES row with addresses for pointers")
            continue
        if id(cls) not in compared:
            out.append(f"{where}: its type {describe(cls)} is no function pointer type of a mirrored struct")
        func = _python_function(cfunction)
        if func is None:
            continue
        argtypes = getattr(cls, "_argtypes_", ())
        params = inspect.signature(func).parameters.values()
        if not any(p.kind is p.VAR_POSITIONAL for p in params):
            positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            if len(positional) != len(argtypes):
                out.append(
                    f"{where}: {func.__qualname__} takes {len(positional)} arguments, "
                    f"its {describe(cls)} passes {len(argtypes)}"
                )
        returns = getattr(func, "__annotations__", {}).get("return", inspect.Signature.empty)
        if returns is not inspect.Signature.empty:
            says_none = returns in (None, "None", type(None))
            if says_none != (getattr(cls, "_restype_", None) is None):
                out.append(
                    f"{where}: {func.__qualname__} is annotated to return {returns}, "
                    f"its {describe(cls)} returns {describe(getattr(cls, '_restype_', None))}"
                )
    return out
