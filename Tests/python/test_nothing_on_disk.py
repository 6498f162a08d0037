"""XC-10: caches live in memory for the engine's lifetime; nothing is written
to disk. A full App Frames load, a banner place with a preload, and a
demo-style session run in a child process whose working directory, HOME and
TMPDIR are empty directories; afterwards all three are still empty."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

SCRIPT = textwrap.dedent(
    """
    import frames
    from frames.demos.demo import HomeScreen, DEFAULT_FOLDER

    # App Frames end to end, twice (the second engine starts cold: XC-10).
    for _ in range(2):
        screen = HomeScreen(DEFAULT_FOLDER, echo=False)
        screen.run()
        screen.engine.close()

    # A banner place with a preload and a refresh.
    import hashlib, json
    html = b"<div>banner</div>"
    sha = hashlib.sha256(html).hexdigest()
    listing = json.dumps({"banners": [{"id": "a", "ratio": 2, "content": {"url": "https://b.test/a", "sha256": sha}}]}).encode()

    def transport(request):
        if request.url.endswith("/banners"):
            return frames.Response(200, listing)
        return frames.Response(200, html)

    engine = frames.Engine(b"", frames.EngineOptions(banners_url="https://b.test/banners"))
    driver = frames.VirtualClockDriver(engine, transport)
    engine.banners.preload("home", now_ms=0)
    driver.pump()
    place = engine.new_banner_place("home", frames.Appearance(layout=frames.LayoutType.TILES))
    place.set_container(390, False, now_ms=0)
    place.attach(now_ms=0)
    place.refresh(now_ms=0)
    driver.advance(12_000)  # banners play and repeat: never idle
    assert len(place.rows()) == 1
    engine.close()
    print("ok")
    """
)


def test_xc10_nothing_is_written_to_disk(tmp_path: Path) -> None:
    work, home, tmp = tmp_path / "cwd", tmp_path / "home", tmp_path / "tmp"
    for directory in (work, home, tmp):
        directory.mkdir()
    env = dict(os.environ, HOME=str(home), TMPDIR=str(tmp), PYTHONDONTWRITEBYTECODE="1")
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=work, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
    for directory in (work, home, tmp):
        assert list(directory.iterdir()) == [], f"{directory.name} got {list(directory.iterdir())}"
