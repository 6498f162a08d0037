"""The folders of the Swift core form a DAG (docs/architecture.md): a file
refers only to types declared in its own folder or in folders below it, and
the engine core names no module. A type moved to the wrong folder, or a
module reaching into another, fails here with the file and the type."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Set

from conftest import REPO_ROOT

CORE = REPO_ROOT / "Sources" / "FramesCore"

#: Rank of each folder: a folder may use lower ranks only. Modules share a
#: rank, so one module cannot use another's types; a new module folder gets
#: MODULE_RANK automatically.
RANKS = {"Support": 0, "Parsing": 1, "Layout": 1, "Content": 2, "Recording": 2, "Core": 3, "Engine": 5}
MODULE_RANK = 4

#: Top-level declarations only: a nested type (a controller's `Purpose`)
#: is reached through its owner, which is the type that counts.
DECLARATION = re.compile(
    r"^((?:public\s+|internal\s+|private\s+|fileprivate\s+|final\s+|indirect\s+)*)"
    r"(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)",
    re.M,
)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')
#: What the core must not mention (in code or comments).
MODULE_WORDS = re.compile(r"\b(?:frames?|placements?|places?|banners?|inline views?)\b", re.I)


def folders() -> Dict[str, List[Path]]:
    return {d.name: sorted(d.rglob("*.swift")) for d in sorted(CORE.iterdir()) if d.is_dir()}


def rank(folder: str) -> int:
    return RANKS.get(folder, MODULE_RANK)


def declared() -> Dict[str, str]:
    owner: Dict[str, str] = {}
    for folder, files in folders().items():
        for path in files:
            for modifiers, name in DECLARATION.findall(path.read_text(encoding="utf-8")):
                # A private type is visible in its file only: not a folder's.
                if "private" not in modifiers:
                    owner.setdefault(name, folder)
    return owner


def test_every_folder_uses_only_its_own_and_lower_folders() -> None:
    owner = declared()
    violations: List[str] = []
    for folder, files in folders().items():
        for path in files:
            code = STRING.sub('""', COMMENT.sub("", path.read_text(encoding="utf-8")))
            used: Set[str] = set(re.findall(r"\b([A-Z]\w*)\b", code))
            for name in sorted(used):
                home = owner.get(name)
                if home is None or home == folder:
                    continue
                if rank(home) >= rank(folder):
                    violations.append(f"{path.relative_to(REPO_ROOT)} ({folder}) uses {name} from {home}")
    assert not violations, "back edges in the folder DAG:\n" + "\n".join(violations)


def test_the_engine_core_names_no_module() -> None:
    mentions = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}"
        for path in folders()["Core"]
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if MODULE_WORDS.search(line)
    ]
    assert not mentions, "the core mentions a module:\n" + "\n".join(mentions)


def test_the_dag_check_sees_a_back_edge() -> None:
    # The check itself: Support using a Core type is a back edge, and so is
    # Parsing using a shared document, or a shared document using a module's.
    owner = declared()
    assert owner.get("EngineCore") == "Core" and owner.get("ExactKey") == "Support"
    assert owner.get("JSONParser") == "Parsing" and owner.get("ContentReference") == "Content"
    assert owner.get("PlacementsResponse") == "AppFrames" and owner.get("BannerList") == "Banners"
    assert rank("Support") < rank("Parsing") == rank("Layout") < rank("Content") < rank("Core")
    assert rank("Core") < rank("AppFrames") == rank("Banners") == rank("Inline") == rank("Messages") < rank("Engine")
    assert rank("SomeNewModule") == MODULE_RANK


#: The core's members a module may not reach except through its services:
#: naming the core's type at all is the only way to reach them.
CORE_TYPES = re.compile(r"\b(?:EngineCore|ModuleRoute|WeakRoute)\b")
SOURCES = REPO_ROOT / "Sources"


def module_folders() -> Dict[str, List[Path]]:
    return {name: files for name, files in folders().items() if rank(name) == MODULE_RANK}


def code_of(path: Path) -> str:
    return STRING.sub('""', COMMENT.sub("", path.read_text(encoding="utf-8")))


def test_a_module_holds_only_its_services_never_the_core() -> None:
    # A module reaches the core through ModuleServices alone; the core
    # object stays private to ModuleServices.swift, so the compiler refuses
    # a member reached past it, and this refuses naming the core's types.
    assert set(module_folders()) >= {"AppFrames", "Banners", "Inline", "Messages"}
    violations = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}"
        for files in module_folders().values()
        for path in files
        for number, line in enumerate(code_of(path).splitlines(), 1)
        if CORE_TYPES.search(line)
    ]
    assert not violations, "a module names the engine core:\n" + "\n".join(violations)


def test_the_services_keep_the_core_private() -> None:
    services = (CORE / "Core" / "ModuleServices.swift").read_text(encoding="utf-8")
    assert re.search(r"^\s*private let core: EngineCore$", services, re.M), \
        "ModuleServices must keep its core private: modules would reach past the services"
    # Nothing else in Core hands the core out: no public accessor returns it.
    for path in folders()["Core"]:
        code = code_of(path)
        assert not re.search(r"var \w+\s*:\s*EngineCore\b", code) or path.name == "ModuleServices.swift", \
            f"{path.relative_to(REPO_ROOT)} exposes an EngineCore property"


def test_the_c_layer_talks_only_to_the_engine() -> None:
    violations = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}"
        for path in sorted((SOURCES / "FramesCABI").glob("*.swift"))
        for number, line in enumerate(code_of(path).splitlines(), 1)
        if re.search(r"\.core\b|\bEngineCore\b", line)
    ]
    assert not violations, "the C layer reaches past Engine:\n" + "\n".join(violations)


def test_no_file_name_is_both_a_core_and_a_c_layer_file() -> None:
    core_names = {path.name for files in folders().values() for path in files}
    c_names = {path.name for path in (SOURCES / "FramesCABI").glob("*.swift")}
    assert not core_names & c_names, f"file names in both FramesCore and FramesCABI: {sorted(core_names & c_names)}"


def test_the_module_check_sees_a_module_naming_the_core() -> None:
    line = "    let core: EngineCore"
    assert CORE_TYPES.search(COMMENT.sub("", line)) and not CORE_TYPES.search(COMMENT.sub("", "// EngineCore"))
