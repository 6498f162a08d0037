"""include/frames.h follows the mechanical part of docs/api-conventions.md.

Read with regular expressions, no compiler and no library: every function
carries a known prefix, and nothing a single module answers is filed under
frames_engine_; every function's comment says what it does with its rule IDs
(or "(no rule: ...)"), on which thread it runs, who owns each of its pointers
and how it fails; every versioned struct has its _VERSION, _INIT and _init();
the API says placement_id and points; and every frames_* name a comment
mentions is declared, so a rename leaves no stale reference behind.

Each check is a function of the header's text, so the tests below also plant
one violation of each kind in a copy and require the lint to name it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Set

import pytest

from conftest import REPO_ROOT

HEADER = REPO_ROOT / "include" / "frames.h"

#: docs/api-conventions.md, "Names": the library, the engine, the modules,
#: their objects, pure layout, and the one enumeration of a module that
#: is not an object's.
PREFIXES = (
    "frames_version_",
    "frames_result_str",
    "frames_error_",
    "frames_replay",
    "frames_engine_",
    "frames_app_frames_",
    "frames_banners_",
    "frames_inline_",
    "frames_messages_",
    "frames_frame_",
    "frames_banner_place_",
    "frames_inline_view_",
    "frames_inline_call_",
    "frames_message_",
    "frames_layout_",
    "frames_appearance_",
    "frames_notification_result_str",
)

#: What frames_engine_ may be followed by: the engine's own verbs and what
#: every module shares (transport, time, session, identity, consent, trace,
#: durable state). A call only one module answers takes that module's prefix.
ENGINE_VERBS = frozenset({
    "new",
    "free",
    "options_init",
    "poll_request",
    "complete_request",
    "fail_request",
    "get_next_deadline",
    "on_timeout",
    "start_session",
    "set_user",
    "set_app_state",
    "set_consent",
    "set_trace_level",
    "export_state",
    "import_state",
    # XC-11: the engine's own snapshot, every module's objects at once.
    "explain",
})

#: Module prefix -> what its functions take first (when they take a handle).
MODULES = {
    "frames_app_frames_": "frames_engine",
    "frames_banners_": "frames_engine",
    "frames_messages_": "frames_engine",
    "frames_message_": "frames_engine",
    "frames_inline_call_": "frames_engine",
}
#: Object prefix -> its handle type.
OBJECTS = {
    "frames_frame_": "frames_frame",
    "frames_banner_place_": "frames_banner_place",
    "frames_inline_view_": "frames_inline_view",
}

RULE_ID = re.compile(r"\b(?:AF|BN|IL|IM|XC)-\d\d\b")
#: A sentence ends at a period followed by white space, unless the period
#: closes an abbreviation.
SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)(?<!\.\.)\.(?=\s|$)")


@dataclass
class Function:
    name: str
    params: List[str]
    comment: str
    line: int


def strip_comments(text: str) -> str:
    """The text with every comment replaced by spaces (newlines kept), so
    that positions and line numbers still match the original."""
    return re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)


def comment_text(raw: str) -> str:
    """A /** ... */ block as plain text: markers and leading stars removed."""
    body = raw[3:-2] if raw.startswith("/**") else raw[2:-2]
    lines = [re.sub(r"^\s*\*?\s?", "", line) for line in body.splitlines()]
    return "\n".join(lines).strip()


DECLARATION = re.compile(r"^(?!typedef\b|#|\s)[A-Za-z_][^;{}()]*?\b(frames_[a-z0-9_]+)\s*\(([^()]*)\)\s*;", re.M)


def functions(text: str) -> List[Function]:
    """Every function declared at file scope, with the comment right above
    it (only white space between)."""
    code = strip_comments(text)
    found = []
    for match in DECLARATION.finditer(code):
        before = text[:match.start()].rstrip()
        comment = ""
        if before.endswith("*/"):
            start = before.rfind("/*")
            comment = comment_text(before[start:])
        params = [p.strip() for p in match.group(2).split(",")]
        if params == ["void"]:
            params = []
        found.append(Function(match.group(1), params, comment, text.count("\n", 0, match.start()) + 1))
    return found


def opaque_types(text: str) -> Set[str]:
    """The handles: `typedef struct X X;` never defined with a body."""
    declared = set(re.findall(r"^typedef struct (frames_[a-z_]+) \1;", text, re.M))
    defined = set(re.findall(r"^(?:typedef )?struct (frames_[a-z_]+) \{", text, re.M))
    return declared - defined


def versioned_structs(text: str) -> List[str]:
    """Every struct whose first member is `uint32_t version`."""
    code = strip_comments(text)
    return re.findall(r"^typedef struct (frames_[a-z0-9_]+) \{\s*uint32_t version;", code, re.M)


def handle_type(param: str, handles: Set[str]) -> Optional[str]:
    match = re.match(r"^(frames_[a-z_]+)\s*\*\s*\w+$", param)
    if match and match.group(1) in handles:
        return match.group(1)
    return None


def is_pointer(param: str) -> bool:
    return "*" in param


def param_name(param: str) -> str:
    words: List[str] = re.findall(r"\w+", param)
    return words[-1]


def member_name(declaration: str) -> str:
    """The name a struct member declares: `(*name)` for a function pointer."""
    pointer = re.search(r"\(\s*\*\s*(\w+)\s*\)", declaration)
    if pointer:
        return pointer.group(1)
    words: List[str] = re.findall(r"\w+", declaration)
    return words[-1]


def first_sentence(comment: str) -> str:
    flat = " ".join(comment.split())
    end = SENTENCE_END.search(flat)
    return flat[:end.start() + 1] if end else flat


# ----------------------------------------------------------------------------
# The checks: each returns the problems it finds, one line each.
# ----------------------------------------------------------------------------


def check_prefixes(text: str) -> List[str]:
    problems = []
    inits = {f"{name}_init" for name in versioned_structs(text)}
    handles = opaque_types(text)
    for f in functions(text):
        if not f.name.startswith(PREFIXES) and f.name not in inits:
            problems.append(f"{f.name}: no prefix of docs/api-conventions.md")
        if f.name.startswith("frames_engine_") and f.name[len("frames_engine_"):] not in ENGINE_VERBS:
            problems.append(f"{f.name}: filed under frames_engine_ but not one of the engine's own verbs "
                            "(a module's call takes the module's prefix)")
        first = handle_type(f.params[0], handles) if f.params else None
        if first is None:
            continue
        for prefix, handle in sorted(OBJECTS.items(), key=lambda item: -len(item[0])):
            if f.name.startswith(prefix):
                # An object is made in its engine; everything else takes it.
                expected = "frames_engine" if f.name == f"{prefix}new" else handle
                if first != expected:
                    problems.append(f"{f.name}: a {prefix}* function takes {expected} * first, not {first} *")
                break
        else:
            for prefix, handle in MODULES.items():
                if f.name.startswith(prefix) and first != handle:
                    problems.append(f"{f.name}: a module's function takes {handle} * first, not {first} *")
    return problems


def check_comments(text: str) -> List[str]:
    problems = []
    handles = opaque_types(text)
    for f in functions(text):
        where = f"{f.name} (line {f.line})"
        if not f.comment:
            problems.append(f"{where}: no comment")
            continue
        sentence = first_sentence(f.comment)
        if not RULE_ID.search(sentence) and "(no rule:" not in sentence:
            problems.append(f"{where}: the first sentence names no rule ID and no '(no rule: ...)': {sentence!r}")
        if not re.search(r"^Thread: \S", f.comment, re.M):
            problems.append(f"{where}: no 'Thread:' line")
        if not re.search(r"^Errors: \S", f.comment, re.M) and not re.search(r"^Never fails\.", f.comment, re.M):
            problems.append(f"{where}: no 'Errors:' line and no 'Never fails.'")
        params = f.params[1:] if f.params and handle_type(f.params[0], handles) else f.params
        pointers = [param_name(p) for p in params if is_pointer(p)]
        paragraph = re.search(r"^Pointers:(.*?)(?=^\w+:|^Never fails|\Z)", f.comment, re.M | re.S)
        if pointers and paragraph is None:
            problems.append(f"{where}: takes pointers ({', '.join(pointers)}) but has no 'Pointers:' line")
        elif paragraph is not None:
            unsaid = [p for p in pointers if not re.search(rf"\b{p}\b", paragraph.group(1))]
            if unsaid:
                problems.append(f"{where}: 'Pointers:' says nothing of {', '.join(unsaid)}")
    return problems


def check_versioned_structs(text: str) -> List[str]:
    problems = []
    names = {f.name: f for f in functions(text)}
    for struct in versioned_structs(text):
        macro = struct.upper()
        if not re.search(rf"^#define {macro}_VERSION \d+$", text, re.M):
            problems.append(f"{struct}: no #define {macro}_VERSION")
        if not re.search(rf"^#define {macro}_INIT\b", text, re.M):
            problems.append(f"{struct}: no #define {macro}_INIT")
        init = names.get(f"{struct}_init")
        if init is None:
            problems.append(f"{struct}: no {struct}_init() declared")
        elif len(init.params) != 2 or not re.match(rf"^{struct} \*\s*\w+$", init.params[0]) \
                or not re.match(r"^uint32_t version$", init.params[1]):
            problems.append(f"{struct}_init: must be ({struct} *, uint32_t version), is ({', '.join(init.params)})")
    return problems


def check_words(text: str) -> List[str]:
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        for word in ("place_id", "placement_key"):
            if re.search(rf"\b{word}\b", line):
                problems.append(f"line {number}: '{word}' (the API says placement_id): {line.strip()}")
        if re.search(r"\bdp\b", line):
            problems.append(f"line {number}: 'dp' (lengths are in points): {line.strip()}")
        if re.search(r"\bthe seeds'", line):
            problems.append(f"line {number}: cites something outside the repository: {line.strip()}")
    return problems


def check_references(text: str) -> List[str]:
    """Every frames_* name the header writes, in code or comment, is one it
    declares: a function, a type, or a struct."""
    declared = {f.name for f in functions(text)}
    declared |= set(re.findall(r"\b(frames_[a-z0-9_]+);", strip_comments(text)))
    declared |= set(re.findall(r"\bstruct (frames_[a-z0-9_]+)\b", text))
    declared |= set(re.findall(r"\}\s*(frames_[a-z0-9_]+);", strip_comments(text)))
    declared |= set(re.findall(r"^typedef [^;]*\(\*(frames_[a-z0-9_]+)\)", strip_comments(text), re.M))
    macros = set(re.findall(r"^#define (FRAMES_[A-Z0-9_]+)", text, re.M))
    problems = []
    for number, line in enumerate(text.splitlines(), 1):
        for name in re.findall(r"\b(frames_[a-z0-9_]+)\b(?![*<])", line):
            if name.endswith("_") or name in declared:
                continue
            problems.append(f"line {number}: {name} is not declared in the header")
        for name in re.findall(r"\b(FRAMES_[A-Z0-9_]+)\b(?![*<])", line):
            if name.endswith("_") or name in macros or name == "FRAMES_H":
                continue
            problems.append(f"line {number}: {name} is not defined in the header")
    return problems


CHECKS: Dict[str, Callable[[str], List[str]]] = {
    "prefixes": check_prefixes,
    "comments": check_comments,
    "versioned structs": check_versioned_structs,
    "words": check_words,
    "references": check_references,
}


def header() -> str:
    return HEADER.read_text(encoding="utf-8")


# ----------------------------------------------------------------------------
# The header passes.
# ----------------------------------------------------------------------------


def test_the_lint_reads_every_function() -> None:
    text = header()
    found = functions(text)
    names = [f.name for f in found]
    assert len(names) == len(set(names)), "a function is declared twice"
    # Every "frames_x(" at the start of a file-scope line is a declaration
    # the reader saw (a regression of DECLARATION would silently lint less).
    starts = set(re.findall(r"^[a-z][^;()\n]*?\b(frames_[a-z0-9_]+)\(", strip_comments(text), re.M))
    assert starts - set(names) == set()
    assert len(found) > 100
    assert versioned_structs(text), "no versioned struct found"


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_the_header_follows_the_conventions(check: str) -> None:
    problems = CHECKS[check](header())
    assert not problems, f"include/frames.h breaks docs/api-conventions.md ({check}):\n  " + "\n  ".join(problems)


def test_every_module_delegate_and_object_delegate_ends_with_user_data_then_free_user_data() -> None:
    code = strip_comments(header())
    for struct in versioned_structs(header()):
        if not struct.endswith(("_delegate", "_callbacks")):
            continue
        body = re.search(rf"typedef struct {struct} \{{(.*?)\}} {struct};", code, re.S)
        assert body is not None, struct
        members = [member_name(m) for m in body.group(1).split(";") if m.strip()]
        assert members[0] == "version" and members[-2:] == ["user_data", "free_user_data"], (struct, members)


# ----------------------------------------------------------------------------
# The lint catches what it is for: one planted violation of each kind.
# ----------------------------------------------------------------------------


def plant(text: str, old: str, new: str) -> str:
    assert old in text, f"the planted violation needs {old!r} in the header"
    return text.replace(old, new, 1)


PLANTED = [
    ("prefixes", "frames_result frames_app_frames_get_enabled(frames_engine *engine, bool *out_enabled);",
     "frames_result frames_engine_get_app_frames_enabled(frames_engine *engine, bool *out_enabled);",
     "frames_engine_get_app_frames_enabled: filed under frames_engine_"),
    ("comments", " * Thread: owner thread.\n * Errors: handle and thread errors.\n */\nframes_result frames_frame_attach(",
     " * Errors: handle and thread errors.\n */\nframes_result frames_frame_attach(",
     "frames_frame_attach (line"),
    ("comments", " * Errors: FRAMES_ERR_INVALID_STATE unless ready; handle and thread errors.\n */\n"
     "frames_result frames_frame_report_dismissed(",
     " * Fails sometimes.\n */\nframes_result frames_frame_report_dismissed(",
     "no 'Errors:' line"),
    ("comments", " * Pointers: action_id is read during the call.\n", "", "has no 'Pointers:' line"),
    ("comments", " * Pointers: out_blob and out_len are written;", " * Pointers: out_blob is written;",
     "'Pointers:' says nothing of out_len"),
    ("comments", "The user closed the content from inside the template (AF-20).",
     "The user closed the content from inside the template.", "names no rule ID"),
    ("versioned structs", "frames_result frames_messages_delegate_init(frames_messages_delegate *delegate, "
     "uint32_t version);", "", "no frames_messages_delegate_init() declared"),
    ("versioned structs", "#define FRAMES_BANNERS_DELEGATE_INIT", "#define FRAMES_BANNERS_DELEGATE_DEFAULTS",
     "no #define FRAMES_BANNERS_DELEGATE_INIT"),
    ("words", "frames_result frames_banners_preload(frames_engine *engine, const char *placement_id,",
     "frames_result frames_banners_preload(frames_engine *engine, const char *place_id,", "'place_id'"),
    ("words", "Sets the view's laid-out size in points", "Sets the view's laid-out size in dp", "'dp'"),
    ("references", "then report through the\n     *  frames_frame_report_* calls",
     "then report through frames_frame_template_rendered", "frames_frame_template_rendered is not declared"),
]


@pytest.mark.parametrize("check,old,new,expected", PLANTED)
def test_the_lint_catches_a_planted_violation(check: str, old: str, new: str, expected: str) -> None:
    clean = header()
    assert not CHECKS[check](clean)
    problems = CHECKS[check](plant(clean, old, new))
    assert any(expected in p for p in problems), f"the {check} lint missed {expected!r}: {problems}"


def test_the_lint_catches_an_unknown_prefix() -> None:
    text = header().replace("#ifdef __cplusplus\n}", "/**\n * X (no rule: a test).\n *\n * Thread: any thread.\n"
                            " * Never fails.\n */\nint frames_widget_spin(void);\n\n#ifdef __cplusplus\n}", 1)
    assert any("frames_widget_spin: no prefix" in p for p in check_prefixes(text))


def test_the_lint_catches_a_versioned_struct_without_its_companions() -> None:
    text = header().replace("#ifdef __cplusplus\n}", "typedef struct frames_widget {\n    uint32_t version;\n"
                            "} frames_widget;\n\n#ifdef __cplusplus\n}", 1)
    problems = check_versioned_structs(text)
    for expected in ("no #define FRAMES_WIDGET_VERSION", "no #define FRAMES_WIDGET_INIT",
                     "no frames_widget_init() declared"):
        assert any(expected in p for p in problems), (expected, problems)
