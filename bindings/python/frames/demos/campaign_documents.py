"""The documents frames.demos.campaign_server computes from a campaigns
folder besides the placements response: the banner list (``banners.json``,
docs/wire-format.md section 5, BN-02, BN-14) and the inline campaigns
document (``inline.json``, section 7, IL-01, IL-04, IL-05).

Both name content files; like a backend, the server fills in each
``content.sha256`` from the bytes it serves at ``content.url`` (AF-14), so
the folder's files can be edited freely. A file that is not the document it
should be is served as it is, with a note naming it: the engine then says
what it makes of it.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any, Callable, List, Optional

__all__ = ["BANNER_LIST", "INLINE_CAMPAIGNS", "banner_list", "inline_campaigns"]

#: The folder files the two documents are made from.
BANNER_LIST = "banners.json"
INLINE_CAMPAIGNS = "inline.json"

#: What the server serves at a URL: its bytes, or None (404).
FileAt = Callable[[str], Optional[bytes]]


def banner_list(body: bytes, file_at: FileAt, notes: List[str], name: str) -> bytes:
    """``banners.json`` with every banner's content checksum computed; the
    folder holds one list, served to every place id."""
    return _sealed(body, notes, name, lambda document: document["banners"], file_at)


def inline_campaigns(body: bytes, file_at: FileAt, notes: List[str], name: str) -> bytes:
    """``inline.json`` with every campaign's content checksum computed and,
    when the file has none, ``server_time`` set to the server's wall clock
    (the engine measures validity windows against it, IL-01)."""

    def campaigns(document: Any) -> Any:
        if "server_time" not in document:
            document["server_time"] = int(time.time() * 1000)
        return document["campaigns"]

    return _sealed(body, notes, name, campaigns, file_at)


def _sealed(body: bytes, notes: List[str], name: str, entries: Callable[[Any], Any], file_at: FileAt) -> bytes:
    """The document with ``entry.content.sha256`` computed for each entry;
    ``body`` itself and a note when it is not a JSON object of that shape.
    Entries of another shape stay as they are (the engine judges them)."""
    try:
        document = json.loads(body.decode("utf-8"))
        for entry in entries(document):
            content = entry.get("content") if isinstance(entry, dict) else None
            if isinstance(content, dict) and isinstance(content.get("url"), str):
                content["sha256"] = hashlib.sha256(file_at(content["url"]) or b"").hexdigest()
        return json.dumps(document, indent=1).encode("utf-8")
    except json.JSONDecodeError as error:
        problem = f"is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
    except UnicodeDecodeError:
        problem = "is not UTF-8 text"
    except (AttributeError, TypeError, KeyError) as error:
        problem = f"does not have the expected shape ({type(error).__name__}: {error})"
    notes.append(f"{name} {problem}; served as it is")
    return body
