"""The stand-in for the platform's push service that
frames.demos.campaign_server offers modal-message hosts (IM-01): pushes are
posted (``POST /pushes``, the push's data as the body) and hosts poll for
the ones after the last they saw (``GET /pushes?after=N``). A real app gets
the same data from APNs or FCM as a silent push; the host hands it to the
engine the same way in both cases (docs/wire-format.md section 10).

Pushes are numbered from 1 in the order they arrive and kept for the
server's life, so a push sent before a host starts is delivered at its
first poll (``after=0``).
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Any, Dict, List, Tuple

__all__ = ["PushQueue", "send_push", "MAX_PUSH_BYTES"]

#: A push body larger than this is refused: far above what APNs or FCM
#: carry (4 KiB) and the engine reads (16,384 bytes), so a host can still
#: be shown what the engine does with a push that is too large.
MAX_PUSH_BYTES = 1 << 20


class PushQueue:
    """The pushes sent so far; safe to use from the server's threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pushes: List[Dict[str, Any]] = []

    def add(self, body: bytes) -> Tuple[int, bytes]:
        """(status, answer) for ``POST /pushes``: 202 and ``{"id": n}``, or
        400 and one line saying why the body is not a push's data."""
        if len(body) > MAX_PUSH_BYTES:
            return 400, f"a push is at most {MAX_PUSH_BYTES} bytes; this one has {len(body)}".encode()
        try:
            data = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            return 400, f"a push's data is a JSON object; the body is not JSON ({error})".encode()
        if not isinstance(data, dict):
            return 400, b"a push's data is a JSON object (what the app receives), not another JSON value"
        with self._lock:
            number = len(self._pushes) + 1
            self._pushes.append({"id": number, "data": data})
        return 202, json.dumps({"id": number}).encode()

    def after(self, query: str) -> Tuple[int, bytes]:
        """(status, answer) for ``GET /pushes?after=N``: every push whose id
        is above N (all of them without ``after``)."""
        after = 0
        for part in query.split("&") if query else ():
            key, _, value = part.partition("=")
            if key == "after":
                if not value.isdigit():
                    return 400, f"after must be a push id (0, 1, 2, ...), not {value!r}".encode()
                after = int(value)
        with self._lock:
            pushes = self._pushes[after:]
        return 200, json.dumps({"pushes": pushes}).encode()


def send_push(base_url: str, body: bytes, timeout: float = 10.0) -> int:
    """Posts one push's data to the server at ``base_url``; its id. Raises
    ValueError with the server's reason when it refuses the push, OSError
    when the server cannot be reached."""
    request = urllib.request.Request(base_url + "pushes", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            answer = json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise ValueError(error.read().decode("utf-8", "replace") or f"HTTP {error.code}") from None
    return int(answer["id"])
