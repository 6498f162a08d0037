"""Compares the Python binding's mirror of frames.h with the header itself.

``find_drift(read_header(), PackageView.of(frames))`` lists every place where
the package says something about the C interface that the header (as the
compilers read it) does not: struct layouts, prototypes, callbacks,
constants, enumerations, error codes and initializer defaults.  An empty
list means the mirror is exact.  Tests/python/test_binding_mirror.py runs it
on the real header and on mutated copies.
"""

from __future__ import annotations

from typing import List

from .header_facts import HeaderFacts, ToolMissing, read_header
from .layout_drift import alias_drift, reader_drift, struct_drift
from .package_view import PackageView
from .signature_drift import callback_drift, function_drift
from .value_drift import constant_drift, default_drift, enum_drift, error_drift

__all__ = ["HeaderFacts", "PackageView", "ToolMissing", "find_drift", "read_header"]

_CHECKS = (
    struct_drift,
    reader_drift,
    alias_drift,
    function_drift,
    callback_drift,
    constant_drift,
    enum_drift,
    error_drift,
    default_drift,
)


def find_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    """Every difference between the header and the package, one line each,
    naming the struct and field, the function and parameter, or the constant."""
    return [line for check in _CHECKS for line in check(facts, view)]
