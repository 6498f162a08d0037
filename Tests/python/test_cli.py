"""`python -m frames layout` (JSON, SVG, errors) — geometry per BN-04..BN-06."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from frames.demos.cli import main

from conftest import PACKAGE_ROOT

SVG = "{http://www.w3.org/2000/svg}"


def test_bn05_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    # BN-05: cell (390 - 32 - 8) / 2 = 175; 116.67->117, 175, 233.33->233
    code = main(["layout", "--layout", "tiles", "--container-width", "390", "--ratios", "1.5,1,0.75",
                 "--side-inset", "16", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["layout"] == "tiles" and data["container_width"] == 390
    assert data["content_height"] == 416
    assert [(f["index"], f["x"], f["y"], f["width"], f["height"]) for f in data["frames"]] == [
        (0, 16, 0, 175, 117), (1, 199, 0, 175, 175), (2, 16, 183, 175, 233)]


def test_bn04_cli_json_options(capsys: pytest.CaptureFixture[str]) -> None:
    # BN-04 RTL, leading 30 / trailing 10: width 335 at x = 10; BN-02 max 1
    code = main(["layout", "--layout", "vertical-list", "--container-width", "375", "--ratios", "1,5",
                 "--leading-inset", "30", "--trailing-inset", "10", "--inter-item-spacing", "5",
                 "--max-banners-count", "1", "--rtl", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["frames"] == [{"index": 0, "x": 10, "y": 0, "width": 335, "height": 335}]
    assert data["content_height"] == 335


def test_bn02_cli_max_banners_all(capsys: pytest.CaptureFixture[str]) -> None:
    ratios = ",".join(["1"] * 25)
    assert main(["layout", "--layout", "tiles", "--container-width", "100", "--ratios", ratios, "--max-banners-count", "all", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["frames"]) == 25


@pytest.mark.parametrize("layout, rtl", [("carousel", False), ("carousel", True), ("vertical-list", False), ("tiles", True)])
def test_cli_svg_is_well_formed_with_one_numbered_banner_per_frame(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], layout: str, rtl: bool) -> None:
    out = tmp_path / "layout.svg"
    args = ["layout", "--layout", layout, "--container-width", "390", "--ratios", "1.5,1,0.75,2,1",
            "--side-inset", "16", "--svg", str(out), "--json"] + (["--rtl"] if rtl else [])
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    root = ET.parse(out).getroot()
    assert root.tag == SVG + "svg"
    banners = [g for g in root.iter(SVG + "g") if g.get("class") == "banner"]
    assert len(banners) == len(data["frames"]) == 5
    for i, g in enumerate(banners):
        assert g.get("data-index") == str(i)
        texts = [t.text for t in g.iter(SVG + "text")]
        assert texts == [str(i)]
        rect = g.find(SVG + "rect")
        assert rect is not None and float(rect.get("rx", "0")) > 0  # corner radius 16
    caption = " ".join(t.text or "" for t in root.iter(SVG + "text") if t.get("class") == "caption")
    assert layout in caption and "390" in caption and str(data["content_height"]) in caption


USAGE_ERRORS = [
    ["layout", "--container-width", "390"],  # no ratios
    ["layout", "--container-width", "abc", "--ratios", "1"],
    ["layout", "--container-width", "390", "--ratios", "1,x"],
    ["layout", "--layout", "grid", "--container-width", "390", "--ratios", "1"],
    ["layout", "--container-width", "390", "--ratios", "1", "--max-banners-count", "some"],
    ["layout", "--container-width", "390", "--ratios", "1", "--bogus"],
    [],
    ["frobnicate"],
    ["demo", "--bogus"],
]


@pytest.mark.parametrize("args", USAGE_ERRORS)
def test_cli_usage_errors_are_one_line_and_exit_2(args: "list[str]", capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("frames: usage error: ") and "--help'" in lines[0], lines
    assert captured.out == ""


def test_bn07_cli_library_error_exits_1_with_the_library_message(capsys: pytest.CaptureFixture[str]) -> None:
    # BN-07: the library's message naming the index, as one line
    assert main(["layout", "--container-width", "390", "--ratios", "1,-2"]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("frames: error: ") and "ratios[1]" in captured.err and captured.out == ""
    assert len(captured.err.splitlines()) == 1
    assert main(["layout", "--container-width", "390", "--ratios", "1", "--side-inset", "-1"]) == 1
    err = capsys.readouterr().err
    assert "side_inset" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("layout", ["carousel", "vertical-list", "tiles"])
def test_bn04_bn06_cli_insets_that_leave_no_room_exit_1_naming_the_widths(
        layout: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Before, a table of zero-width banners; now one line saying why.
    assert main(["layout", "--layout", layout, "--container-width", "32", "--side-inset", "16",
                 "--ratios", "1,2"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("frames: error: container_width is 32.0, which leaves no room for a banner")
    assert "(16.0 + 16.0)" in captured.err


def test_bn02_cli_help_says_the_carousel_ignores_max_banners_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["layout", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--max-banners-count N|all vertical-list and tiles: lay out at most N banners" in text
    assert "the carousel lays out every banner and ignores it" in text


def test_cli_unwritable_svg_is_an_error_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "missing-dir" / "x.svg"
    assert main(["layout", "--container-width", "390", "--ratios", "1", "--svg", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"frames: error: cannot write {target}") and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", [[], ["layout"], ["demo"]])
def test_cli_help_shows_every_default_and_the_exit_statuses(
        command: "list[str]", capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(command + ["--help"])
    assert info.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "exit status: 0 success; 1 error" in out and "2 usage error" in out
    if command == ["layout"]:
        from frames.demos.cli import build_parser

        layout = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
        parser = layout.choices["layout"]
        for action in parser._actions:
            if action.option_strings and action.dest != "help":
                assert action.help and ("(default: " in action.help or "(required)" in action.help), action.dest
        # the library's BN-03 defaults, as the help states them
        for text in ("--inter-item-spacing INTER_ITEM_SPACING inter-item spacing (default: 8)", "(default: 16)", "(default: 20)",
                     "(default: carousel)", "(default: --side-inset)", "(default: --inter-item-spacing)"):
            assert text in out, text


def test_cli_empty_ratio_list_is_zero_banners(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # BN-04: no banners lay out to nothing; the CLI agrees with the library
    svg = tmp_path / "empty.svg"
    assert main(["layout", "--layout", "tiles", "--container-width", "390", "--ratios", "", "--json", "--svg", str(svg)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["frames"] == [] and data["content_height"] == 0
    assert ET.parse(svg).getroot().tag == SVG + "svg"
    assert main(["layout", "--container-width", "390", "--ratios", ""]) == 0
    assert "content height 0, 0 banners" in capsys.readouterr().out


def _env(library_path: str) -> "dict[str, str]":
    return {"FRAMES_LIBRARY": library_path, "PYTHONPATH": str(PACKAGE_ROOT)}


@pytest.mark.parametrize("command", [
    ["layout", "--layout", "tiles", "--container-width", "390", "--max-banners-count", "all", "--ratios", ",".join(["1"] * 5000)],
    ["demo", "--svg", "{tmp}/home.svg"],
])
def test_cli_piped_into_head_ends_quietly_with_status_0(
        command: "list[str]", library_path: str, tmp_path: Path) -> None:
    # `frames ... | head -n 1`: the reader leaves early; no traceback, status 0
    argv = [part.replace("{tmp}", str(tmp_path)) for part in command]
    process = subprocess.Popen([sys.executable, "-m", "frames", *argv], env=_env(library_path),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # gone before the first write: every write meets EPIPE
    err = process.stderr.read()
    assert process.wait(timeout=60) == 0, err
    assert err == b""
    shell = subprocess.run(f"'{sys.executable}' -m frames {' '.join(argv)} | head -n 2 >/dev/null; "
                           "echo ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", env=_env(library_path),
                           capture_output=True, text=True, timeout=60)
    assert shell.stdout.strip() == "0" and shell.stderr == ""


def test_python_dash_m_frames(library_path: str) -> None:
    env = _env(library_path)
    ok = subprocess.run([sys.executable, "-m", "frames", "layout", "--container-width", "100", "--ratios", "2", "--json"],
                        env=env, capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    # BN-06: page 100, height 50
    assert json.loads(ok.stdout)["frames"] == [{"index": 0, "x": 0, "y": 0, "width": 100, "height": 50}]
    bad = subprocess.run([sys.executable, "-m", "frames", "layout", "--container-width", "nan", "--ratios", "2"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "container_width" in bad.stderr and len(bad.stderr.splitlines()) == 1
    usage = subprocess.run([sys.executable, "-m", "frames"], env=env, capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2
    assert usage.stderr.startswith("frames: usage error: ") and "'python -m frames --help'" in usage.stderr


def test_version_names_the_package_and_the_library_it_loaded(capsys: pytest.CaptureFixture[str]) -> None:
    import frames
    from frames import _lib

    with pytest.raises(SystemExit) as done_in_process:
        main(["--version"])
    assert done_in_process.value.code in (0, None)
    out = capsys.readouterr().out.splitlines()
    assert out == [f"frames {frames.__version__} (Python package)",
                   f"libframes {frames.library_version()} ({_lib.library_path})"]
    # As the installed command: the version, exit 0, nothing on stderr.
    done = subprocess.run([sys.executable, "-m", "frames", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == "" and done.stdout.startswith(f"frames {frames.__version__} ")
