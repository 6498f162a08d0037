"""Every picture the main job draws, rendered by Chromium, with no label
overflowing its box: text is measured by the browser (getBBox of each
<text>, in the fonts Chromium picked), not estimated from character counts.

Which box a label belongs to: the pictures draw a label on top of the box it
names or sits in (a banner's number on the banner, a share on its pill, a
block's title on the block, "Home" on the screen), so a label's box is the
smallest <rect> drawn before it whose area holds the label's anchor point
(its x, y).  A label with no such box (a caption, a legend) belongs to the
drawing itself (the picture, or the nested <svg> it is drawn in).  The label
must lie wholly inside that box, and inside every drawing it is in.

Beside Tests/pictures (rsvg-convert), which checks strokes, ink and the
picture's edges in librsvg.
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, List

from playwright.sync_api import Browser, Page

from test_pictures_render import PICTURES, pictures  # noqa: F401  (the main job's SVGs, drawn once)

#: Rounding of the browser's boxes, in user units.
SLACK = 0.01

#: Runs in the SVG document; returns one line per label that overflows.
MEASURE = """() => {
  const root = document.documentElement;
  const slack = %s;
  const toRoot = root.getScreenCTM().inverse();
  const matrixOf = (element) => toRoot.multiply(element.getScreenCTM());
  const fmt = (b) => [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10).join(" ");
  const box = (matrix, b, name) => {
    const a = new DOMPoint(b.x, b.y).matrixTransform(matrix);
    const c = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(matrix);
    const found = {x: Math.min(a.x, c.x), y: Math.min(a.y, c.y), width: Math.abs(c.x - a.x),
                   height: Math.abs(c.y - a.y)};
    found.name = name + " at " + fmt(found);
    return found;
  };
  /* A drawing's own area: the root's viewBox; a nested <svg>'s viewport. */
  const area = (svg) => {
    if (svg === root) {
      const v = root.viewBox.baseVal;
      const b = v && v.width > 0 ? v : {x: 0, y: 0, width: root.width.baseVal.value, height: root.height.baseVal.value};
      return box(new DOMMatrix(), b, "the picture");
    }
    return box(matrixOf(svg.parentElement), {x: svg.x.baseVal.value, y: svg.y.baseVal.value,
               width: svg.width.baseVal.value, height: svg.height.baseVal.value}, "its drawing");
  };
  const inside = (inner, outer) => inner.x >= outer.x - slack && inner.y >= outer.y - slack
    && inner.x + inner.width <= outer.x + outer.width + slack
    && inner.y + inner.height <= outer.y + outer.height + slack;
  const holds = (b, p) => p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;
  const boxes = [];
  const problems = [];
  let labels = 0;
  for (const element of root.querySelectorAll("rect, text")) {
    if (element.closest("defs, pattern, clipPath, mask, symbol, marker")) continue;
    const style = getComputedStyle(element);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const matrix = matrixOf(element);
    if (Math.abs(matrix.b) > 1e-9 || Math.abs(matrix.c) > 1e-9) {
      problems.push("cannot check a rotated or skewed " + element.tagName);
      continue;
    }
    const b = box(matrix, element.getBBox(), element.tagName);
    if (element.tagName === "rect") {
      if (b.width > 0 && b.height > 0 && !(style.fill === "none" && style.stroke === "none")) {
        b.name = "rect " + (element.getAttribute("class") || "") + " at " + fmt(b);
        boxes.push(b);
      }
      continue;
    }
    const text = element.textContent.trim();
    if (!text) continue;
    labels += 1;
    const x = element.x.baseVal.numberOfItems ? element.x.baseVal.getItem(0).value : 0;
    const y = element.y.baseVal.numberOfItems ? element.y.baseVal.getItem(0).value : 0;
    const anchor = new DOMPoint(x, y).matrixTransform(matrix);
    const drawings = [];
    for (let svg = element.ownerSVGElement; svg; svg = svg.ownerSVGElement) drawings.push(area(svg));
    let owner = drawings[0];
    for (const candidate of boxes) {
      if (holds(candidate, anchor) && candidate.width * candidate.height < owner.width * owner.height) owner = candidate;
    }
    for (const limit of [owner].concat(drawings.filter((d) => d !== owner))) {
      if (!inside(b, limit)) problems.push(JSON.stringify(text) + " (" + fmt(b) + ") overflows " + limit.name);
    }
  }
  return {labels, problems};
}""" % SLACK


def overflowing_labels(page: Page, svg: Path) -> List[str]:
    """The labels of ``svg`` that overflow their box, as Chromium draws it."""
    page.goto(svg.resolve().as_uri())
    found: Dict[str, object] = page.evaluate(MEASURE)
    problems = found["problems"]
    assert isinstance(problems, list) and isinstance(found["labels"], int)
    assert found["labels"] > 0, f"{svg.name} has no labels"
    return [str(p) for p in problems]


def test_no_label_of_any_picture_overflows_its_box_in_chromium(
        browser: Browser, pictures: Dict[str, Path]) -> None:  # noqa: F811
    assert set(PICTURES) <= set(pictures), sorted(pictures)
    page = browser.new_page()
    try:
        problems = [f"{name}: {problem}" for name, path in sorted(pictures.items())
                    for problem in overflowing_labels(page, path)]
    finally:
        page.close()
    assert not problems, "\n".join(problems)


def test_the_check_sees_a_label_wider_than_its_box_and_one_past_the_picture(
        browser: Browser, tmp_path: Path) -> None:
    svg = tmp_path / "overflow.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">'
        '<rect width="100%" height="100%" fill="#fff"/>'
        '<rect x="10" y="10" width="60" height="40" fill="#48c"/>'
        '<text x="40" y="35" text-anchor="middle" font-size="12">fits</text>'
        '<rect x="100" y="10" width="60" height="40" fill="#48c"/>'
        '<text x="130" y="35" text-anchor="middle" font-size="12">a label far too wide</text>'
        '<text x="250" y="80" font-size="16">past the edge</text>'
        '<svg x="170" y="10" width="100" height="40" viewBox="-50 -20 100 40">'
        '<text x="-40" y="5" font-size="12">too wide for its drawing</text>'
        '<text x="0" y="5" text-anchor="middle" font-size="12">fits</text></svg></svg>', encoding="utf-8")
    page = browser.new_page()
    try:
        problems = overflowing_labels(page, svg)
    finally:
        page.close()
    assert [p.split(" (")[0] for p in problems] == [
        '"a label far too wide"', '"past the edge"', '"too wide for its drawing"'], problems
    assert problems[0].endswith("overflows rect  at 100 10 60 40")
    assert problems[1].endswith("overflows the picture at 0 0 300 100")
    assert problems[2].startswith('"too wide for its drawing" (180 ') and "overflows its drawing at 170 10 100 40" in problems[2]
