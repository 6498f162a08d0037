"""The Python binding mirrors include/frames.h exactly (XC-07, XC-08, XC-09).

A ctypes mirror that drifts from the header does not fail loudly: a field
read at the wrong offset, an argument passed as the wrong type or a stale
error code corrupts memory or misreports quietly.  So every struct, field,
prototype, callback, constant, enumeration, error code and initializer
default the package declares is compared with the header as the compilers
read it (Tests/python/binding_mirror).  Nothing is listed here: what is
added to the header or the package later is compared too.

The self-tests make deliberate drifts in copies -- a mutated copy of the
header against the real package, mutated copies of the package's modules
against the real header -- and require a failure naming each one.
"""

from __future__ import annotations

import ctypes
from pathlib import Path
from typing import Any, Dict

import pytest

import frames

from binding_mirror import PackageView, ToolMissing, find_drift, read_header
from binding_mirror.c_types import FunctionPointer, Pointer, Record, Scalar, Void, parse_c_type
from binding_mirror.ctypes_rules import Role, mismatch
from binding_mirror.header_facts import HEADER, HeaderFacts
from binding_mirror.mutations import mutate_header, mutate_package


@pytest.fixture(scope="module")
def facts() -> HeaderFacts:
    try:
        return read_header()
    except ToolMissing as error:  # the check must run, never pass by absence
        pytest.fail(str(error))


@pytest.fixture(scope="module")
def view() -> PackageView:
    return PackageView.of(frames)


def test_the_python_binding_mirrors_frames_h(facts: HeaderFacts, view: PackageView) -> None:
    drift = find_drift(facts, view)
    assert not drift, "the Python binding no longer mirrors include/frames.h:\n  " + "\n  ".join(drift)


def test_both_sides_were_read(facts: HeaderFacts, view: PackageView) -> None:
    # Nothing read on both sides would compare nothing and pass.
    assert facts.structs and facts.functions and facts.enums and facts.defaults and facts.opaque
    assert any(name.startswith("FRAMES_ERR_") for name in facts.constants)
    assert view.structures() and view.signature_tables() and view.int_enums() and view.trampolines()
    assert view.error_classes() and view.default_producers() and view.record_readers()


def test_a_mutated_copy_of_the_header_fails_naming_each_drift(
    facts: HeaderFacts, view: PackageView, tmp_path: Path
) -> None:
    text, expected = mutate_header(HEADER.read_text(), facts, view)
    copy = tmp_path / "frames.h"
    copy.write_text(text)
    report = "\n".join(find_drift(read_header(copy), view))
    missing = [line for line in expected if line not in report]
    assert not missing, f"no failure says {missing}; the check said:\n{report}"


def test_a_mutated_copy_of_the_package_fails_naming_each_drift(facts: HeaderFacts, view: PackageView) -> None:
    mutated, expected = mutate_package(facts, view)
    report = "\n".join(find_drift(facts, mutated))
    missing = [line for line in expected if line not in report]
    assert not missing, f"no failure says {missing}; the check said:\n{report}"


# --- the allowed equivalences (binding_mirror/ctypes_rules.py), one by one -----


class frames_rect(ctypes.Structure):  # a stand-in mirror: mirrors match by name
    _fields_ = [("x", ctypes.c_double)]


_TYPEDEFS: Dict[str, str] = {
    "size_t": "unsigned long",
    "int64_t": "long",
    "uint8_t": "unsigned char",
    "frames_engine": "struct frames_engine",
    "frames_rect": "struct frames_rect",
}


@pytest.mark.parametrize(
    "c_text, py, role, allowed",
    [
        ("size_t", ctypes.c_uint64, "parameter", True),  # same size and sign, another alias
        ("size_t", ctypes.c_int64, "parameter", False),  # signedness
        ("int64_t", ctypes.c_double, "field", False),  # same size, another kind
        ("bool", ctypes.c_bool, "return", True),
        ("frames_engine *", ctypes.c_void_p, "parameter", True),  # an opaque handle
        ("frames_engine **", ctypes.POINTER(ctypes.c_void_p), "parameter", True),
        ("frames_engine *", ctypes.POINTER(frames_rect), "parameter", False),
        ("frames_rect *", ctypes.c_void_p, "parameter", False),  # a defined struct is POINTER(mirror)
        ("const frames_rect *", ctypes.POINTER(frames_rect), "parameter", True),
        ("const char *", ctypes.c_char_p, "callback parameter", True),
        ("const uint8_t *", ctypes.c_char_p, "parameter", True),  # bytes passed by address
        ("const uint8_t *", ctypes.c_char_p, "field", False),  # reading it would stop at a NUL
        ("const uint8_t *", ctypes.c_char_p, "callback parameter", False),
        ("const uint8_t *", ctypes.POINTER(ctypes.c_uint8), "field", True),
        ("const char *const *", ctypes.POINTER(ctypes.c_char_p), "parameter", True),
        ("void", None, "return", True),
        ("void (*)(void *)", ctypes.CFUNCTYPE(None, ctypes.c_void_p), "field", True),
        ("void (*)(void *)", ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p), "field", False),
        ("void (*)(void *)", ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p), "field", False),
    ],
)
def test_ctypes_equivalences(c_text: str, py: Any, role: Role, allowed: bool) -> None:
    why = mismatch(parse_c_type(c_text, _TYPEDEFS), py, role, frozenset({"frames_rect"}), frozenset({"frames_engine"}))
    assert (why is None) == allowed, why


def test_c_types_are_read_through_typedefs() -> None:
    typedefs = {"frames_result": "int", "frames_place": "struct frames_place", "size_t": "unsigned long"}
    assert parse_c_type("frames_result", typedefs) == Scalar("int")
    assert parse_c_type("const frames_place *const *", typedefs) == Pointer(Pointer(Record("frames_place")))
    assert parse_c_type("_Bool (*)(frames_place *, size_t, void *)", typedefs) == FunctionPointer(
        Scalar("_Bool"), (Pointer(Record("frames_place")), Scalar("unsigned long"), Pointer(Void()))
    )
