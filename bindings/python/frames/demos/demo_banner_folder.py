"""The backend of ``python -m frames demo-banners``: the banner list file of a
campaigns folder (``banners.json``, docs/wire-format.md section 5) and the
banner contents it points to.

Like frames.demos.demo's CampaignFolder it computes what a backend computes — each
content's SHA-256, from the file — so the folder can be edited freely. A
content whose file is missing is listed all the same and answered 404: that
row fails on its own (BN-16), which is part of the demo's story. Unlike the
App Frames folder, a banner list that is missing or is not a banner list at
all is refused when the folder is read, as one CommandError naming the file
and what is wrong: the story needs a list to tell anything.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Dict, List, Optional

from ._command import CommandError
from .. import Request, Response

__all__ = ["BannerFolder", "BANNER_LIST", "ORIGIN", "BANNERS_URL"]

#: The placeholder origin the folder's files name each other under (as in
#: frames.demos.demo): ``ORIGIN + "banners/x.html"`` is the file ``banners/x.html``.
ORIGIN = "https://campaigns.local/"
#: Where the engine asks for banner lists (EngineOptions.banners_url).
BANNERS_URL = ORIGIN + "banners"
BANNER_LIST = "banners.json"


class BannerFolder:
    """Answers the engine's banner requests from ``root``: the list at
    ``BANNERS_URL`` for every place id (the folder holds one list), each
    other URL under ``ORIGIN`` with the file of that path, or 404.

    Raises CommandError when ``root/banners.json`` is missing, unreadable or
    not a banner list."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / BANNER_LIST
        #: One readable line per banner the file lists, for the timeline.
        self.summary: List[str] = []
        self._files: Dict[str, bytes] = {}
        if not self.path.is_file():
            raise CommandError(f"{self.path} is missing: the demo needs a banner list "
                               "(docs/wire-format.md, section 5 \"Banner list\")")
        try:
            for path in sorted(root.rglob("*")):
                if path.is_file() and path != self.path:
                    self._files[ORIGIN + path.relative_to(root).as_posix()] = path.read_bytes()
            body = self.path.read_bytes()
        except OSError as error:
            raise CommandError(f"cannot read {error.filename or root}: {error.strerror}") from None
        self.document = _banner_list(self.path, body)
        self.body = json.dumps(self._sealed(self.document), indent=1).encode("utf-8")

    def _sealed(self, document: Dict[str, Any]) -> Dict[str, Any]:
        """The list with every content's checksum computed; entries of
        another shape stay as they are (the engine drops them, BN-07)."""
        for banner in document["banners"]:
            if not isinstance(banner, dict):
                self.summary.append(f"{json.dumps(banner)[:40]} (not a banner: dropped by the engine)")
                continue
            name = str(banner.get("id", "?"))
            content = banner.get("content")
            url = content.get("url") if isinstance(content, dict) else None
            data: Optional[bytes] = self._files.get(url) if isinstance(url, str) else None
            if isinstance(content, dict):
                content["sha256"] = hashlib.sha256(data or b"").hexdigest()
            if banner.get("available") is False:
                name += " (available: false)"
            elif data is None:
                name += f" (no file for {url}: its row will fail)"
            self.summary.append(name)
        return document

    def __call__(self, request: Request) -> Response:
        if request.url == BANNERS_URL:
            return Response(200, self.body, latency_ms=120)
        body = self._files.get(request.url)
        if body is None:
            return Response(404, latency_ms=40)
        return Response(200, body, latency_ms=60)


def _banner_list(path: Path, body: bytes) -> Dict[str, Any]:
    """The decoded banner list, or a CommandError saying what is wrong."""
    if not body.strip():
        raise CommandError(f"{path} is empty: expected a banner list {{\"banners\": [...]}}")
    try:
        document = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise CommandError(f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: "
                           f"{error.msg})") from None
    if isinstance(document, dict) and isinstance(document.get("banners"), list):
        return document
    if not isinstance(document, dict):
        found = f"the document is {_kind(document)}"
    elif "banners" not in document:
        found = "it has no \"banners\""
    else:
        found = f"\"banners\" is {_kind(document['banners'])}"
    raise CommandError(f"{path} is not a banner list: expected an object with a \"banners\" array "
                       f"(docs/wire-format.md, section 5), but {found}")


def _kind(value: object) -> str:
    """What a JSON value is, in JSON's words."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
