"""Every picture the main job draws is legible in a real renderer.

Runs the main job (``bash scripts/demo.sh``) into a temporary folder, then
renders each SVG it wrote with librsvg's ``rsvg-convert`` (what GNOME, and
many a CI artifact viewer, draw SVGs with) and checks every <text>:

- drawn without a stroke: rendering the picture with ``text { stroke: none
  !important }`` added gives the very same pixels (a label that inherits an
  outline's dashed stroke is unreadable);
- drawn at all: the label alone on a blank canvas leaves ink;
- inside the picture: the label alone on a canvas larger than the picture,
  with the picture's own area painted over, leaves no ink.

Pixels are compared as PNG bytes: rsvg-convert is deterministic, and two
renderings are equal exactly when their pixels are.
"""

from __future__ import annotations

import copy
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
SVG_NS = "http://www.w3.org/2000/svg"
SVG = "{" + SVG_NS + "}"
#: Room around the picture where stray ink would show.
MARGIN = 200
ET.register_namespace("", SVG_NS)


def _rsvg() -> str:
    found = shutil.which("rsvg-convert")
    if found is None:
        pytest.fail("rsvg-convert not found: `bash scripts/test.sh pictures` installs librsvg2-bin")
    return found


#: The canvas under a label drawn alone: a grey no picture uses, so white
#: labels (banner numbers) and dark ones both leave ink on it.
CANVAS = "#7f7f81"


def render(svg: ET.Element, background: str = "white") -> bytes:
    """The PNG rsvg-convert draws for ``svg`` on ``background``."""
    data: bytes = ET.tostring(svg, encoding="utf-8")
    result = subprocess.run([_rsvg(), "--format=png", f"--background-color={background}"], input=data,
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    png: bytes = result.stdout
    return png


def _box(svg: ET.Element) -> Tuple[float, float, float, float]:
    """The picture's area in user units: its viewBox, else 0 0 width height."""
    view_box = svg.get("viewBox")
    if view_box:
        x, y, w, h = (float(v) for v in view_box.replace(",", " ").split())
        return x, y, w, h
    return 0.0, 0.0, float(svg.get("width", "0").rstrip("px")), float(svg.get("height", "0").rstrip("px"))


def _with_style(svg: ET.Element, css: str) -> ET.Element:
    changed = copy.deepcopy(svg)
    style = ET.SubElement(changed, SVG + "style")
    style.text = css
    return changed


def _labelled(svg: ET.Element) -> Tuple[ET.Element, List[str]]:
    """A copy whose <text> elements carry ids (ids draw nothing), and their
    contents, in document order."""
    changed = copy.deepcopy(svg)
    texts = []
    for number, text in enumerate(changed.iter(SVG + "text")):
        text.set("id", f"legibility-{number}")
        texts.append("".join(text.itertext()))
    return changed, texts


def _alone(svg: ET.Element, number: Optional[int], cover: bool) -> ET.Element:
    """Only text ``number`` (None: nothing) drawn, on a canvas MARGIN larger
    on every side; ``cover`` paints the picture's own area over it in the
    canvas colour.  Render it on CANVAS."""
    x, y, w, h = _box(svg)
    changed = _with_style(svg, (
        "svg * { visibility: hidden !important; } #legibility-cover { visibility: visible !important; } "
        + (f"#legibility-{number}, #legibility-{number} * {{ visibility: visible !important; }}"
           if number is not None else "")
    ))
    changed.set("viewBox", f"{x - MARGIN} {y - MARGIN} {w + 2 * MARGIN} {h + 2 * MARGIN}")
    changed.set("width", str(w + 2 * MARGIN))
    changed.set("height", str(h + 2 * MARGIN))
    if cover:
        ET.SubElement(changed, SVG + "rect", {
            "x": str(x), "y": str(y), "width": str(w), "height": str(h),
            "fill": CANVAS, "id": "legibility-cover",
        })
    return changed


@pytest.fixture(scope="module")
def pictures(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Path]:
    """Every SVG of the main job, drawn by the main job itself."""
    out = tmp_path_factory.mktemp("out")
    env = dict(os.environ, FRAMES_DEMO_OUT=str(out))
    job = subprocess.run(["bash", str(REPO_ROOT / "scripts" / "demo.sh")], env=env, cwd=REPO_ROOT,
                         capture_output=True, text=True, timeout=1800)
    assert job.returncode == 0, job.stdout[-3000:] + job.stderr[-3000:]
    found = {path.name: path for path in sorted(out.glob("*.svg"))}
    # home.svg (App Frames) and the banner layouts
    assert "home.svg" in found and len(found) >= 5, sorted(found)
    return found


PICTURES = ["home.svg", "tiles.svg", "tiles-rtl.svg", "carousel.svg", "vertical-list.svg", "inline.svg",
            "banners.svg"]


@pytest.mark.parametrize("name", PICTURES)
def test_every_label_is_drawn_without_a_stroke_and_inside_the_picture(
        pictures: Dict[str, Path], name: str) -> None:
    svg = ET.parse(pictures[name]).getroot()
    labelled, texts = _labelled(svg)
    assert texts, f"{name} has no labels"

    original = render(labelled)
    unstroked = render(_with_style(labelled, "text, text * { stroke: none !important; }"))
    if original != unstroked:
        stroked = [
            texts[i] for i in range(len(texts))
            if render(_with_style(labelled, f"#legibility-{i}, #legibility-{i} * {{ stroke: none !important; }}"))
            != original
        ]
        pytest.fail(f"{name}: labels drawn with a stroke: {stroked}")

    blank = render(_alone(labelled, None, cover=False), CANVAS)

    def check(number: int) -> List[str]:
        problems = []
        if render(_alone(labelled, number, cover=False), CANVAS) == blank:
            problems.append(f"{texts[number]!r} is not drawn")
        if render(_alone(labelled, number, cover=True), CANVAS) != blank:
            problems.append(f"{texts[number]!r} reaches outside the picture")
        return problems

    with ThreadPoolExecutor(max_workers=2) as pool:
        problems = [p for found in pool.map(check, range(len(texts))) for p in found]
    assert not problems, f"{name}: " + "; ".join(problems)


def test_the_check_sees_a_stroked_label_and_one_outside_the_picture() -> None:
    # The checks above can fail: a stroked label and a label past the right edge.
    svg = ET.fromstring(
        f'<svg xmlns="{SVG_NS}" width="200" height="100" viewBox="0 0 200 100">'
        '<style>.viewport { stroke: #d42a7a; stroke-dasharray: 10 5; }</style>'
        '<text class="label viewport" x="20" y="50" font-size="20">viewport</text>'
        '<text x="190" y="80" font-size="20">outside</text></svg>'
    )
    labelled, texts = _labelled(svg)
    assert render(labelled) != render(_with_style(labelled, "text { stroke: none !important; }"))
    blank = render(_alone(labelled, None, cover=False), CANVAS)
    assert render(_alone(labelled, 0, cover=True), CANVAS) == blank  # inside
    assert render(_alone(labelled, 1, cover=True), CANVAS) != blank  # reaches outside
    assert render(_alone(labelled, 0, cover=False), CANVAS) != blank  # drawn
