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
from typing import Any, Callable, Optional

__all__ = ["BANNER_LIST", "INLINE_CAMPAIGNS", "banner_list", "inline_campaigns"]

#: The folder files the two documents are made from.
BANNER_LIST = "banners.json"
INLINE_CAMPAIGNS = "inline.json"

#: What the server serves at a URL: its bytes, or None (404).
FileAt = Callable[[str], Optional[bytes]]
#: Seals a document's bytes; raises what json.loads and reading its fields
#: raise when they are not that document (CampaignFolder.sealed).
Seal = Callable[[bytes], bytes]


def banner_list(file_at: FileAt) -> Seal:
    """Seals ``banners.json``: every banner's content checksum computed. The
    folder holds one list, served to every place id."""
    return lambda body: _with_checksums(body, lambda document: document["banners"], file_at)


def inline_campaigns(file_at: FileAt) -> Seal:
    """Seals ``inline.json``: every campaign's content checksum computed and,
    when the file has none, ``server_time`` set to the server's wall clock
    (the engine measures validity windows against it, IL-01)."""

    def campaigns(document: Any) -> Any:
        if "server_time" not in document:
            document["server_time"] = int(time.time() * 1000)
        return document["campaigns"]

    return lambda body: _with_checksums(body, campaigns, file_at)


def _with_checksums(body: bytes, entries: Callable[[Any], Any], file_at: FileAt) -> bytes:
    """The document with ``entry.content.sha256`` computed for each entry;
    entries of another shape stay as they are (the engine judges them)."""
    document = json.loads(body)
    for entry in entries(document):
        content = entry.get("content") if isinstance(entry, dict) else None
        if isinstance(content, dict) and isinstance(content.get("url"), str):
            content["sha256"] = hashlib.sha256(file_at(content["url"]) or b"").hexdigest()
    return json.dumps(document, indent=1).encode("utf-8")
