"""`python -m frames layout` (JSON, SVG, errors) — geometry per BN-04..BN-06."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from frames.cli import main

from conftest import PACKAGE_ROOT

SVG = "{http://www.w3.org/2000/svg}"


def test_bn05_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    # BN-05: cell (390 - 32 - 8) / 2 = 175; 116.67->117, 175, 233.33->233
    code = main(["layout", "--layout", "tiles", "--width", "390", "--ratios", "1.5,1,0.75",
                 "--side-inset", "16", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["layout"] == "tiles" and data["container_width"] == 390
    assert data["content_height"] == 416
    assert [(f["index"], f["x"], f["y"], f["width"], f["height"]) for f in data["frames"]] == [
        (0, 16, 0, 175, 117), (1, 199, 0, 175, 175), (2, 16, 183, 175, 233)]


def test_bn04_cli_json_options(capsys: pytest.CaptureFixture[str]) -> None:
    # BN-04 RTL, leading 30 / trailing 10: width 335 at x = 10; BN-02 max 1
    code = main(["layout", "--layout", "vertical-list", "--width", "375", "--ratios", "1,5",
                 "--leading-inset", "30", "--trailing-inset", "10", "--spacing", "5",
                 "--max-banners", "1", "--rtl", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["frames"] == [{"index": 0, "x": 10, "y": 0, "width": 335, "height": 335}]
    assert data["content_height"] == 335


def test_bn02_cli_max_banners_all(capsys: pytest.CaptureFixture[str]) -> None:
    ratios = ",".join(["1"] * 25)
    assert main(["layout", "--layout", "tiles", "--width", "100", "--ratios", ratios, "--max-banners", "all", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["frames"]) == 25


@pytest.mark.parametrize("layout, rtl", [("carousel", False), ("carousel", True), ("vertical-list", False), ("tiles", True)])
def test_cli_svg_is_well_formed_with_one_numbered_banner_per_frame(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], layout: str, rtl: bool) -> None:
    out = tmp_path / "layout.svg"
    args = ["layout", "--layout", layout, "--width", "390", "--ratios", "1.5,1,0.75,2,1",
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


@pytest.mark.parametrize("args", [
    ["layout", "--width", "390"],  # no ratios
    ["layout", "--width", "abc", "--ratios", "1"],
    ["layout", "--width", "390", "--ratios", "1,x"],
    ["layout", "--layout", "grid", "--width", "390", "--ratios", "1"],
    ["layout", "--width", "390", "--ratios", "1", "--max-banners", "some"],
])
def test_cli_bad_usage_exits_2(args: "list[str]", capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    assert capsys.readouterr().err


def test_bn07_cli_library_error_exits_1_with_the_library_message(capsys: pytest.CaptureFixture[str]) -> None:
    # BN-07: the library's message naming the index
    assert main(["layout", "--width", "390", "--ratios", "1,-2"]) == 1
    captured = capsys.readouterr()
    assert "ratios[1]" in captured.err and captured.out == ""
    assert main(["layout", "--width", "390", "--ratios", "1", "--side-inset", "-1"]) == 1
    err = capsys.readouterr().err
    assert "side_inset" in err


def test_python_dash_m_frames(library_path: str) -> None:
    env = {"FRAMES_LIBRARY": library_path, "PYTHONPATH": str(PACKAGE_ROOT)}
    ok = subprocess.run([sys.executable, "-m", "frames", "layout", "--width", "100", "--ratios", "2", "--json"],
                        env=env, capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stderr
    # BN-06: page 100, height 50
    assert json.loads(ok.stdout)["frames"] == [{"index": 0, "x": 0, "y": 0, "width": 100, "height": 50}]
    bad = subprocess.run([sys.executable, "-m", "frames", "layout", "--width", "nan", "--ratios", "2"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1 and "container_width" in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "frames"], env=env, capture_output=True, text=True, timeout=60)
    assert usage.returncode == 2 and usage.stderr
