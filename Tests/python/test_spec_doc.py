"""docs/spec.md states every rule the code and tests name, a test names every
rule it states, and its index of where each rule is implemented and proved
is current (scripts/spec_index.py)."""

from __future__ import annotations

import re
import subprocess
import sys

from conftest import REPO_ROOT

RULE = re.compile(r"\b((?:AF|BN|IL|IM|XC)-\d\d)\b")


def stated() -> "set[str]":
    text = (REPO_ROOT / "docs" / "spec.md").read_text(encoding="utf-8")
    return set(re.findall(r"^- ((?:AF|BN|IL|IM|XC)-\d\d) ", text, re.M))


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


def test_every_stated_rule_is_proved_by_a_test() -> None:
    proved = set()
    for path in (REPO_ROOT / "Tests").rglob("*"):
        if path.is_file() and path.suffix in {".swift", ".c", ".h", ".py", ".sh"}:
            proved |= set(RULE.findall(path.read_text(encoding="utf-8", errors="replace")))
    unproved = sorted(stated() - proved)
    assert not unproved, f"rules stated in docs/spec.md that no test under Tests/ names: {unproved}"
