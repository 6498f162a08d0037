"""`python -m frames layout ... --viewport`: the 75 % rule (BN-10) in the
table, the JSON and the SVG, computed by the library."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import frames
import frames.demos.svg
from frames.demos.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def test_BN_10_cli_json_has_share_and_plays_per_frame(capsys: pytest.CaptureFixture[str]) -> None:
    # 100 x 100 rows at y 0, 108, 216; viewport y 25, 100 high: row 0 exactly 75 %
    assert main(["layout", "--layout", "vertical-list", "--container-width", "100", "--ratios", "1,1,1",
                 "--viewport", "25,100", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["viewport"] == {"x": 0, "y": 25, "width": 100, "height": 100}
    assert [(f["share"], f["plays"]) for f in data["frames"]] == [(0.75, False), (0.17, False), (0.0, False)]
    assert main(["layout", "--layout", "vertical-list", "--container-width", "100", "--ratios", "1,1,1",
                 "--viewport", "24,100", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(f["share"], f["plays"]) for f in data["frames"]] == [(0.76, True), (0.16, False), (0.0, False)]


def test_BN_10_cli_json_without_viewport_has_no_share(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["layout", "--layout", "tiles", "--container-width", "100", "--ratios", "1,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "viewport" not in data and all("share" not in f for f in data["frames"])


def test_BN_10_cli_table_and_x_y_w_h_viewport(capsys: pytest.CaptureFixture[str]) -> None:
    # tiles: cells 46 wide; a viewport over the left column only
    assert main(["layout", "--layout", "tiles", "--container-width", "100", "--ratios", "1,1", "--viewport", "0,0,50,100"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "viewport x 0 y 0 50 x 100" in out[0]
    assert out[2].split()[-2:] == ["%", "plays"] and out[2].split()[-3] == "100"
    assert out[3].split()[-3:] == ["0", "%", "paused"]


def test_BN_10_cli_shows_a_share_just_above_75_percent_as_above() -> None:
    assert frames.demos.svg.percent(0.75004) == "75.004 %"
    assert frames.demos.svg.percent(0.75) == "75 %"
    assert frames.demos.svg.percent(0.7499) == "75 %"  # paused, as 75 % is
    assert frames.demos.svg.percent(0.826) == "82.6 %"


def test_BN_10_cli_svg_marks_playing_and_paused_banners_and_the_viewport(tmp_path: Path) -> None:
    out = tmp_path / "list.svg"
    assert main(["layout", "--layout", "vertical-list", "--container-width", "100", "--ratios", "1,1,0.25",
                 "--viewport", "24,300", "--svg", str(out)]) == 0
    root = ET.parse(out).getroot()
    groups = root.findall(f".//{SVG}g[@class='banner']")
    assert [(g.get("data-plays"), g.get("data-share")) for g in groups] == [
        ("true", "0.76"), ("true", "1"), ("false", "0.36")]
    texts = ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]
    assert "▶ plays · 76 %" in texts and "❚❚ paused · 36 %" in texts
    assert "on screen:" in texts and "24 to 324 pt" in texts
    viewport = root.findall(f".//{SVG}rect[@class='viewport']")
    assert len(viewport) == 1
    assert [r.get("class") for g in groups for r in g.findall(f"{SVG}rect")].count("plays-outline") == 2


def test_BN_10_cli_viewport_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["layout", "--container-width", "100", "--ratios", "1", "--viewport", "1,2,3"])
    assert "Y,HEIGHT" in capsys.readouterr().err
    assert main(["layout", "--layout", "carousel", "--container-width", "100", "--ratios", "1", "--viewport", "0,10"]) == 2
    assert "vertical-list and tiles" in capsys.readouterr().err
    assert main(["layout", "--layout", "tiles", "--container-width", "100", "--ratios", "1", "--viewport", "0,-10"]) == 1
    assert "viewport" in capsys.readouterr().err
