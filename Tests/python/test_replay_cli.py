"""``frames replay FILE`` (XC-13) and the demos' ``--record FILE`` (XC-12):
the main job records itself and every engine of it replays identically;
divergences exit 1, unreadable recordings 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import List, Tuple

import pytest

import frames
from frames.demos.campaign_server import CampaignServer

from c_programs import program_env
from conftest import REPO_ROOT
from recorded_runs import failing_fetch, inline_screen, lines_of

#: The stories of the main job (scripts/demo.sh), and the engines each makes.
STORIES = {"demo": 1, "demo-messages": 1, "demo-inline": 2, "demo-banners": 1}


def frames_command(*arguments: str, cwd: Path = REPO_ROOT) -> Tuple[int, str, str]:
    result = subprocess.run([sys.executable, "-m", "frames", *arguments], cwd=cwd, env=program_env(),
                            capture_output=True, text=True, timeout=120)
    return result.returncode, result.stdout, result.stderr


def test_xc12_xc13_the_main_job_records_itself_and_every_engine_replays_identically(tmp_path: Path) -> None:
    job = (REPO_ROOT / "scripts" / "demo.sh").read_text(encoding="utf-8")
    assert set(re.findall(r"^frames (demo[\w-]*) ", job, re.M)) == set(STORIES)  # the whole job
    assert "FRAMES_DEMO_RECORD" in job
    recordings: List[Path] = []
    for story, engines in STORIES.items():
        target = tmp_path / f"{story}.jsonl"
        code, out, err = frames_command(story, "--svg", str(tmp_path / f"{story}.svg"), "--record", str(target))
        assert code == 0 and err == "", err
        made = [target] + [tmp_path / f"{story}-{n}.jsonl" for n in range(2, engines + 1)]
        assert sorted(tmp_path.glob(f"{story}*.jsonl")) == sorted(made)
        assert out.rstrip().endswith(f"Recorded: {', '.join(map(str, made))} (frames replay FILE runs one again)")
        recordings += made
    everything = b"".join(path.read_bytes() for path in recordings)
    # All four modules, and pushes taken in from another thread.
    for mark in (b'"call":"frames_frame_attach"', b'"call":"frames_banner_place_attach"',
                 b'"call":"frames_inline_view_attach"', b'{"push":"message"', b'{"cb":"present"'):
        assert mark in everything, mark
    for path in recordings:
        recording = path.read_bytes()
        code, out, err = frames_command("replay", str(path))
        assert (code, err) == (0, ""), (path, out[-2000:], err)
        printed = out.splitlines()
        lines = lines_of(recording)
        assert printed[:-1] == lines[1:]  # the transcript: every line but the header
        assert printed[-1] == (f"identical: {len(lines)} lines (recorded by libframes {frames.library_version()}, "
                               f"replayed by {frames.library_version()})")
        assert frames.replay(recording).identical


def edited(recording: bytes, line: int, old: str, new: str) -> Tuple[bytes, str]:
    """The recording with ``old`` replaced by ``new`` in line ``line``."""
    lines = lines_of(recording)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    return "".join(text + "\n" for text in lines).encode(), lines[line - 1]


def test_xc13_a_divergence_exits_1_naming_the_line_and_both_texts(tmp_path: Path) -> None:
    recording = failing_fetch(attempts=2)
    lines = lines_of(recording)
    failed = next(n for n, line in enumerate(lines, 1) if line.startswith('{"cb":"failed"'))
    changed, expected = edited(recording, failed, "after 2 attempts", "after 3 attempts")
    path = tmp_path / "edited.jsonl"
    path.write_bytes(changed)
    code, out, err = frames_command("replay", "--quiet", str(path))
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        f"diverged at line {failed}: {failed - 1} of {len(lines)} lines matched (recorded by libframes "
        f"{frames.library_version()}, replayed by {frames.library_version()})",
        f"  expected: {expected}",
        f"  got:      {lines[failed - 1]}",
    ]


def test_xc13_a_recording_cut_at_a_line_end_says_where_it_stops(tmp_path: Path) -> None:
    lines = lines_of(failing_fetch(attempts=2))
    attach = next(n for n, line in enumerate(lines, 1) if '"call":"frames_frame_attach"' in line)
    path = tmp_path / "cut.jsonl"
    path.write_text("".join(line + "\n" for line in lines[:attach]))
    code, out, err = frames_command("replay", "--quiet", str(path))
    assert (code, err) == (1, "")
    assert out.splitlines()[1:] == [
        f"  expected: nothing more (the recording ends at line {attach})",
        f"  got:      {lines[attach]}",
        f"note: the recording ends at line {attach} without frames_engine_free: the host stopped there (still "
        "running, or it crashed), or the file was cut at a line's end",
    ]


@pytest.mark.parametrize("content, message", [
    ("cut", "recording line {n} is cut short"),
    (b"garbage\n", "recording line 1 is not a JSON object"),
    (b'{"frames_recording":2,"library":"2.0.0","redacted":[]}\n', "the recording has format 2"),
    (None, "cannot read {path}: No such file or directory"),
])
def test_xc13_an_unreadable_recording_exits_2_with_one_line(tmp_path: Path, content: object, message: str) -> None:
    path = tmp_path / "report.jsonl"
    recording = failing_fetch(attempts=1)
    n = len(lines_of(recording))
    if content == "cut":
        path.write_bytes(recording[:-5])
    elif isinstance(content, bytes):
        path.write_bytes(content)
    code, out, err = frames_command("replay", str(path))
    assert code == 2 and out == ""
    assert err.startswith("frames: error: ") and len(err.splitlines()) == 1
    assert message.format(n=n, path=path) in err


def test_xc11_xc13_explain_prints_the_explanation_at_that_time(tmp_path: Path) -> None:
    path = tmp_path / "inline.jsonl"
    path.write_bytes(inline_screen())
    explanation = frames.replay(path.read_bytes(), explain="inline:home_hero", at_ms=2000).explain
    assert explanation is not None
    code, out, err = frames_command("replay", "--quiet", str(path), "--explain", "inline:home_hero", "--at", "2000")
    assert (code, err) == (0, ""), err
    head, explained = out.split("explain inline:home_hero at 2000 ms:\n")
    assert head.startswith("identical: ") and explained == f"{explanation}\n"
    code, out, _ = frames_command("replay", "--quiet", str(path), "--explain", "inline:home_hero", "--at", "2000",
                                  "--explain-json")
    assert code == 0 and json.loads(out.splitlines()[-1]) == explanation.as_dict()
    code, out, _ = frames_command("replay", "--quiet", str(path), "--explain", "inline:home_hero")
    assert code == 0 and "explain inline:home_hero at the end of the recording:\ninline:home_hero" in out
    code, out, err = frames_command("replay", "--quiet", str(path), "--explain", "frame-9")
    assert code == 2 and out.startswith("identical: ")
    assert err.startswith("frames: error: cannot explain frame-9: ") and len(err.splitlines()) == 1


def test_xc13_help_and_usage_errors(tmp_path: Path) -> None:
    code, out, err = frames_command("replay", "--help")
    text = " ".join(out.split())
    assert code == 0 and err == ""
    assert "exit status: 0 the replay is identical; 1 it diverged" in text and "2 the recording cannot be read" in text
    for option in ("--explain OBJECT", "--at MS", "--explain-json", "--quiet"):
        assert option in text
    code, out, _ = frames_command("--help")
    assert code == 0 and "replay" in out
    for arguments in (["replay"], ["replay", "x.jsonl", "--at", "5"], ["replay", "x.jsonl", "--at", "soon"],
                      ["replay", "x.jsonl", "--explain-json"]):
        code, out, err = frames_command(*arguments)
        assert code == 2 and out == "" and err.startswith("frames: usage error: "), arguments
    code, out, _ = frames_command("demo", "--help")
    assert "--record FILE" in out and "the home screen's;" in " ".join(out.split())
    code, out, _ = frames_command("demo-messages", "--help")
    assert code == 0 and "--record FILE" in out and "one, the app's;" in " ".join(out.split())


def shown(block: str) -> Tuple[List[str], List[str]]:
    """A documented shell block's command and the output it shows (its
    ``# `` comment lines)."""
    lines = block.splitlines()
    return lines[0].split(), [line[2:] for line in lines[1:] if line.startswith("# ")]


def test_xc12_xc13_the_field_report_of_getting_started_replays_as_shown(tmp_path: Path) -> None:
    from test_readme_examples import blocks

    guide = REPO_ROOT / "docs" / "getting-started.md"
    heading = guide.read_text(encoding="utf-8").splitlines().index("## 4. Debugging a report from the field") + 1
    section = [block for block in blocks(guide) if block.line > heading]
    app = next(block for block in section if block.lang == "python")
    command = next(block for block in section if block.lang == "sh")
    (tmp_path / "field_app.py").write_text(app.code)
    with CampaignServer(port=0) as server:
        env = program_env({"FRAMES_PLACEMENTS_URL": server.placements_url})
        ran = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "field_app.py"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    report = (tmp_path / "report.jsonl").read_bytes()
    assert b"alice" not in report and b'"user_id":"user-1"' in report  # redacted, as the guide says
    arguments, output = shown(command.code)
    assert arguments[:3] == ["python3", "-m", "frames"]
    code, out, err = frames_command(*arguments[3:], cwd=tmp_path)
    assert (code, err) == (0, "")
    # The line count depends on the loopback's timing (how often the driver
    # polled); the rest is as shown, "..." standing for what follows.
    pattern = "\n".join(re.escape(line).replace(r"\.\.\.", ".*") for line in output)
    pattern = re.sub(r"\d+\\ lines", r"\\d+\\ lines", pattern)
    assert re.fullmatch(pattern, out.rstrip("\n"), re.S), out
