"""docs/spec.md states every rule the code and tests name; every rule it
states is decided somewhere (a `Decides:` marker line in Sources/, include/
or bindings/) and proved by a test whose name carries the rule ID; and its
index of both is current (scripts/spec_index.py)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys

from conftest import REPO_ROOT

RULE = re.compile(r"\b((?:AF|BN|IL|IM|XC)-\d\d)\b")

_spec = importlib.util.spec_from_file_location("spec_index", REPO_ROOT / "scripts" / "spec_index.py")
assert _spec is not None and _spec.loader is not None, "scripts/spec_index.py cannot be loaded"
spec_index = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(spec_index)


def stated() -> "set[str]":
    text = (REPO_ROOT / "docs" / "spec.md").read_text(encoding="utf-8")
    return set(spec_index.STATED.findall(text))


def test_every_rule_named_in_code_or_tests_is_stated() -> None:
    named = set()
    for folder in ("Sources", "include", "bindings", "Tests", "fuzz"):
        for path in (REPO_ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in {".swift", ".c", ".h", ".py", ".sh", ".js"}:
                named |= set(RULE.findall(path.read_text(encoding="utf-8", errors="replace")))
    missing = sorted(named - stated())
    assert not missing, f"rules named in the code or tests but not stated in docs/spec.md: {missing}"


def test_the_index_is_current() -> None:
    result = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "spec_index.py"), "--check"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_every_stated_rule_is_decided_by_a_marker() -> None:
    undecided = sorted(stated() - set(spec_index.markers()))
    assert not undecided, f"rules stated in docs/spec.md with no '// Decides:' marker in the sources: {undecided}"


def test_every_marker_is_well_formed_and_names_stated_rules() -> None:
    assert not spec_index.malformed_markers(), "marker lines that are not 'Decides: XX-nn, XX-nn':\n" + "\n".join(
        spec_index.malformed_markers())
    unknown = sorted(set(spec_index.markers()) - stated())
    assert not unknown, f"markers name rules docs/spec.md does not state: {unknown}"


def test_every_stated_rule_is_proved_by_a_named_test() -> None:
    unproved = sorted(stated() - set(spec_index.proofs()))
    assert not unproved, f"rules stated in docs/spec.md that no test names (@Test, ft_section, test_xx00_): {unproved}"


def test_named_tests_are_read_from_every_kind_of_test() -> None:
    # The readers themselves: each kind of test name yields its rules.
    proved = spec_index.proofs()
    kinds = {name.rsplit(".", 1)[-1] for files in proved.values() for name in files}
    assert {"swift", "c", "py"} <= kinds
    assert spec_index.PY_RULE.findall("test_af12_xc06_retry") == [("af", "12"), ("xc", "06")]
    assert not spec_index.MARKER_BODY.match("AF-14 and more")
