"""A model backend for the engine tests: serves placements (POST) and
content documents and assets from dicts, with the SHA-256s a real backend
computes, and injects faults on demand per path.  Used in memory by the
virtual-clock tests and behind a loopback http.server by the HTTP tests.

Also the test host: Recorder is both a frame delegate and an engine host
and logs every callback as one line, so tests assert whole transcripts.
"""

from __future__ import annotations

import hashlib
import json
import socket
import struct
import threading
import time
import warnings
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple
from urllib.parse import urlsplit

import frames

ENABLED_CONFIG = b'{"Insider": {"App Frames Enabled": true}}'
#: AF-23: what the package says when a callback finds its delegate collected.
LOST_DELEGATE = ("the delegate of {} was garbage-collected; its callbacks stopped "
                 "(delegates are held weakly: keep a reference to it)")


def lost_delegates(caught: List[warnings.WarningMessage]) -> List[str]:
    """The owners AF-23's RuntimeWarnings among ``caught`` name; each must
    point at the host's line that led to the callback, not into the package."""
    package = Path(frames.__file__).resolve().parent
    owners = []
    for warning in caught:
        text = str(warning.message)
        if issubclass(warning.category, RuntimeWarning) and "garbage-collected" in text:
            owner = text[len("the delegate of "):text.index(" was garbage-collected")]
            assert text == LOST_DELEGATE.format(owner), text
            assert Path(warning.filename).resolve().parent != package, (warning.filename, text)
            owners.append(owner)
    return owners
# The server notes a hit when a request arrives, so a gap between two hits
# is the engine's delay plus the difference of the two connections' set-up
# times. A first connection under a sanitizer can take tens of
# milliseconds longer than the next; a lower bound on a gap allows this much.
ARRIVAL_SLACK_MS = 50


@dataclass
class Campaign:
    id: str
    priority: str = "high"
    created_at: int = 1_000
    variant: str = "A"
    html: str = "<p>hello</p>"
    assets: List[bytes] = field(default_factory=list)
    actions: List[Dict[str, Any]] = field(default_factory=list)
    #: Reported sizes instead of the real ones (None: the real size).
    reported_sizes: Optional[List[int]] = None
    #: Variants listed (AF-13 allows 1-8): ``variant``, then ``variant`` + "2",
    #: "3"...; all share the one content document, weight 1 each.
    variant_count: int = 1


@dataclass
class BannerSpec:
    """One banner of a banner list (wire format of FakeBannerServer in the
    Swift tests): its content is any bytes, checked by SHA-256."""

    id: str
    ratio: Any = 1.0
    duration_ms: Optional[int] = 1_000
    available: Optional[bool] = True
    content: bytes = b"<div>banner</div>"


@dataclass
class Fault:
    """One injected fault, used by one request (or ``times`` requests)."""

    status: int = 200
    headers: Tuple[Tuple[str, str], ...] = ()
    body: Optional[bytes] = None
    #: Truncate the normal body to this many bytes.
    truncate: Optional[int] = None
    #: Hold the answer this long (s) before sending anything.
    stall_s: float = 0.0
    #: Reset the connection (TCP RST) instead of answering, after the stall.
    reset: bool = False


class Reply(NamedTuple):
    """What the backend does with one request."""

    status: int
    headers: Tuple[Tuple[str, str], ...]
    body: bytes
    #: Seconds to wait before answering (over HTTP; in memory: never answered).
    stall_s: float = 0.0
    #: Reset the connection instead of answering.
    reset: bool = False


class Backend:
    def __init__(self, base_url: str = "https://api.test") -> None:
        self.base_url = base_url
        self.placements: Dict[str, List[Campaign]] = {}
        #: banner place id -> its banner list (BN-14)
        self.banner_places: Dict[str, List[BannerSpec]] = {}
        #: place ids of every banner list request, in order
        self.banner_list_requests: List[str] = []
        self.sdk_disabled = False
        #: path -> faults still to inject, in order
        self.faults: Dict[str, List[Fault]] = {}
        #: paths whose advertised checksum is wrong (checksum mismatch)
        self.lie_checksum: set[str] = set()
        #: (monotonic ms, method, path) of every request received
        self.hits: List[Tuple[int, str, str]] = []
        #: HTTP requests being served right now, and the most at once.
        self.active = 0
        self.max_active = 0
        self.lock = threading.Lock()
        self.clock: Callable[[], int] = lambda: time.monotonic_ns() // 1_000_000

    placements_path = "/v1/placements"

    @property
    def placements_url(self) -> str:
        return self.base_url + self.placements_path

    banners_path = "/v1/banners"

    @property
    def banners_url(self) -> str:
        return self.base_url + self.banners_path

    def banner_path(self, b: BannerSpec) -> str:
        return f"/banners/{b.id}.html"

    def banner_list_body(self, place_id: str) -> bytes:
        items = []
        for b in self.banner_places.get(place_id, []):
            item: Dict[str, Any] = {"id": b.id, "ratio": b.ratio}
            if b.duration_ms is not None:
                item["duration_ms"] = b.duration_ms
            if b.available is not None:
                item["available"] = b.available
            item["content"] = {"url": self.base_url + self.banner_path(b), "sha256": hashlib.sha256(b.content).hexdigest()}
            items.append(item)
        return json.dumps({"banners": items}).encode()

    def content_path(self, c: Campaign) -> str:
        return f"/content/{c.id}/{c.variant}.json"

    def asset_path(self, c: Campaign, index: int) -> str:
        return f"/assets/{c.id}/{c.variant}/{index}"

    def content_body(self, c: Campaign) -> bytes:
        sizes = c.reported_sizes or [len(a) for a in c.assets]
        assets = [
            {"url": self.base_url + self.asset_path(c, i), "size": sizes[i], "sha256": hashlib.sha256(a).hexdigest()}
            for i, a in enumerate(c.assets)
        ]
        return json.dumps({"template": {"html": c.html}, "assets": assets, "actions": c.actions}).encode()

    def placements_body(self) -> bytes:
        placements = {}
        for pid, campaigns in sorted(self.placements.items()):
            entries = []
            for c in campaigns:
                digest = hashlib.sha256(self.content_body(c)).hexdigest()
                if self.content_path(c) in self.lie_checksum:
                    digest = hashlib.sha256(b"something else").hexdigest()
                content = {"url": self.base_url + self.content_path(c), "sha256": digest}
                variant_ids = [c.variant] + [f"{c.variant}{n}" for n in range(2, c.variant_count + 1)]
                entries.append({
                    "id": c.id, "priority": c.priority, "created_at": c.created_at,
                    "variants": [{"id": v, "weight": 1, "content": content} for v in variant_ids],
                })
            placements[pid] = {"campaigns": entries}
        return json.dumps({"placements": placements, "sdk_disabled": self.sdk_disabled}).encode()

    def inject(self, path: str, *faults: Fault) -> None:
        with self.lock:
            self.faults.setdefault(path, []).extend(faults)

    def normal(self, method: str, path: str, body: bytes = b"") -> Tuple[int, bytes]:
        if path == self.placements_path and method == "POST":
            return 200, self.placements_body()
        if path == self.banners_path and method == "POST":
            place_id = str(json.loads(body or b"{}").get("place_id", ""))
            return 200, self.banner_list_body(place_id)
        for banners in self.banner_places.values():
            for b in banners:
                if path == self.banner_path(b):
                    return 200, b.content
        for campaigns in self.placements.values():
            for c in campaigns:
                if path == self.content_path(c):
                    return 200, self.content_body(c)
                for i, asset in enumerate(c.assets):
                    if path == self.asset_path(c, i):
                        return 200, asset
        return 404, b"not found"

    def respond(self, method: str, path: str, request_body: bytes = b"") -> Reply:
        """What to answer to one request (the next injected fault, if any)."""
        with self.lock:
            self.hits.append((self.clock(), method, path))
            if path == self.banners_path:
                self.banner_list_requests.append(str(json.loads(request_body or b"{}").get("place_id", "")))
            queue = self.faults.get(path)
            fault = queue.pop(0) if queue else None
        status, body = self.normal(method, path, request_body)
        if fault is None:
            return Reply(status, (), body)
        if fault.body is not None:
            body = fault.body
        if fault.truncate is not None:
            body = body[: fault.truncate]
        if fault.status != 200:
            status, body = fault.status, (fault.body or b"")
        return Reply(status, fault.headers, body, fault.stall_s, fault.reset)

    def hit_times(self, path: str) -> List[int]:
        with self.lock:
            return [t for t, _, p in self.hits if p == path]

    # --- in memory, for the VirtualClockDriver -----------------------------

    def transport(self, request: frames.Request) -> frames.drivers.Answer:
        reply = self.respond(request.method, urlsplit(request.url).path, request.body)
        if reply.stall_s:
            return None  # never answered: the engine times it out
        if reply.reset:
            return frames.TransportError("connection reset by peer")
        return frames.Response(reply.status, reply.body, reply.headers)


class _Handler(BaseHTTPRequestHandler):
    backend: Backend
    stop: threading.Event
    protocol_version = "HTTP/1.1"
    _counted = False

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _serve(self) -> None:
        backend = self.backend
        with backend.lock:
            backend.active += 1
            backend.max_active = max(backend.max_active, backend.active)
        self._counted = True
        try:
            self._answer()
        finally:
            self._done()
        self.close_connection = True

    def _done(self) -> None:
        """The request stops counting as active before its answer leaves:
        once the client has the answer it may start the next request, and
        that one must not overlap this one in the count."""
        if self._counted:
            self._counted = False
            with self.backend.lock:
                self.backend.active -= 1

    def _answer(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        request_body = self.rfile.read(length) if length else b""
        reply = self.backend.respond(self.command, urlsplit(self.path).path, request_body)
        if reply.stall_s:
            self.stop.wait(reply.stall_s)
        self._done()
        if reply.reset:
            # SO_LINGER 0: close() sends RST, the client sees "connection
            # reset" with no response at all.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            return
        try:
            self.send_response(reply.status)
            for name, value in reply.headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(reply.body)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(reply.body)
        except OSError:
            pass  # the client gave up (timeout)

    do_GET = _serve
    do_POST = _serve


class LoopbackServer:
    """A ThreadingHTTPServer on 127.0.0.1:<free port> serving a Backend."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.backend = Backend()
        handler = type("Handler", (_Handler,), {"stop": self.stop, "backend": self.backend})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        host, port = self.httpd.server_address[:2]
        self.backend.base_url = f"http://{host!s}:{port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def __enter__(self) -> "LoopbackServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


class Recorder(frames.Host, frames.FrameDelegate):
    """Frame delegate and engine host in one; logs every callback.

    ``render_height``: answer each render at once with report_rendered
    (None: leave the frame rendering).  ``clock`` gives now_ms for that."""

    def __init__(self, clock: Callable[[], int] = lambda: 0, render_height: Optional[float] = 100.0,
                 names: Optional[Dict[frames.Frame, str]] = None) -> None:
        self.clock = clock
        self.render_height = render_height
        self.log: List[str] = []
        self.records: List[frames.AnalyticsRecord] = []
        self.contents: List[frames.Content] = []
        self.opened: List[str] = []
        self.names: Dict[int, str] = {}
        self.on_dismiss: Optional[Callable[[frames.Frame], None]] = None
        self.on_status: Optional[Callable[[frames.Frame, frames.FrameStatus], None]] = None

    def name(self, frame: frames.Frame, label: str) -> None:
        self.names[id(frame)] = label

    def _p(self, frame: frames.Frame) -> str:
        label = self.names.get(id(frame))
        return f"{label} " if label else ""

    # delegate
    def status_changed(self, frame: frames.Frame, status: frames.FrameStatus, previous: frames.FrameStatus) -> None:
        self.log.append(f"{self._p(frame)}status {previous.string_value}->{status.string_value}")
        if self.on_status:
            self.on_status(frame, status)

    def failed(self, frame: frames.Frame, error: frames.FrameError) -> None:
        assert isinstance(error.code, frames.FrameErrorCode)
        self.log.append(f"{self._p(frame)}fail {error.code.string_value}")

    def height_requested(self, frame: frames.Frame, height: float) -> None:
        self.log.append(f"{self._p(frame)}height {height:g}")

    def dismiss_requested(self, frame: frames.Frame) -> None:
        self.log.append(f"{self._p(frame)}dismiss")
        if self.on_dismiss:
            self.on_dismiss(frame)

    def action_triggered(self, frame: frames.Frame, data: Dict[str, Any]) -> None:
        self.log.append(f"{self._p(frame)}action {json.dumps(data, sort_keys=True)}")

    # host
    def analytics(self, record: frames.AnalyticsRecord) -> None:
        self.records.append(record)
        self.log.append(f"record {record.name}")

    def render(self, frame: frames.Frame, content: frames.Content) -> None:
        self.contents.append(content)
        self.log.append(f"{self._p(frame)}render {content.campaign_id}/{content.variant_id}")
        if self.render_height is not None:
            frame.report_rendered(self.render_height, now_ms=self.clock())

    def open_url(self, url: str) -> bool:
        self.opened.append(url)
        self.log.append(f"open {url}")
        return True

    def take(self) -> List[str]:
        log, self.log = self.log, []
        return log


class PlaceRecorder(frames.BannerPlaceDelegate):
    """Banner place delegate; with ``host`` also the engine host. Logs every
    callback as one line (the Swift tests' PlaceRecorder), so tests assert
    whole transcripts.  ``presents_input``: what input_requested answers.

    The host and the banners delegate are a separate object (``host``)."""

    def __init__(self) -> None:
        self.log: List[str] = []
        self.records: List[frames.AnalyticsRecord] = []
        self.contents: Dict[int, bytes] = {}
        self.presents_input = True
        self.heights: List[float] = []
        self.preloads: List[Tuple[str, Optional[List[frames.BannerInfo]], Optional[frames.FrameError]]] = []
        self.host = PlaceHost(self)

    # place delegate
    def updated(self, place: frames.BannerPlace, is_content: bool, count: int, list_height: float) -> None:
        self.heights.append(list_height)
        self.log.append(f"update {is_content} {count} {list_height:g}")

    def loaded(self, place: frames.BannerPlace, place_id: str) -> None:
        self.log.append(f"loaded {place_id}")

    def render(self, place: frames.BannerPlace, index: int, banner: frames.BannerInfo, content: bytes) -> None:
        self.contents[index] = content
        self.log.append(f"render {index} {banner.id}")

    def row_failed(self, place: frames.BannerPlace, index: int, error: frames.FrameError) -> None:
        code = error.code.string_value if isinstance(error.code, frames.FrameErrorCode) else error.code
        self.log.append(f"failed {index} {code}")

    def shown(self, place: frames.BannerPlace, index: int, banner: frames.BannerInfo) -> None:
        self.log.append(f"show {index}")

    def playback_changed(self, place: frames.BannerPlace, index: int, playing: bool, from_start: bool) -> None:
        self.log.append((f"play {index}" if from_start else f"resume {index}") if playing else f"pause {index}")

    def scrolled(self, place: frames.BannerPlace, index: int) -> None:
        self.log.append(f"scroll {index}")

    def action_triggered(self, place: frames.BannerPlace, target: str) -> None:
        self.log.append(f"action {target}")

    def widget_reported(self, place: frames.BannerPlace, index: int, banner: frames.BannerInfo, name: str,
                     data: Optional[Any]) -> None:
        self.log.append(f"widget {index} {banner.id} {name} {json.dumps(data, sort_keys=True) if data is not None else '-'}")

    def input_requested(self, place: frames.BannerPlace, index: int, kind: frames.InputKind, prompt: str) -> bool:
        self.log.append(f"input {index} {kind.name.lower()} {prompt}")
        return self.presents_input

    @property
    def views(self) -> List[str]:
        return [f"{r.campaign_id}" for r in self.records if r.name == "banners.view"]

    def take(self) -> List[str]:
        log, self.log = self.log, []
        return log


class PlaceHost(frames.Host, frames.BannersDelegate):
    """The engine host and banners delegate of banner tests: analytics and
    preloads go to the PlaceRecorder's log."""

    def __init__(self, recorder: PlaceRecorder) -> None:
        self.recorder = recorder

    def analytics(self, record: frames.AnalyticsRecord) -> None:
        self.recorder.records.append(record)

    def preloaded(self, place_id: str, banners: Optional[List[frames.BannerInfo]],
                  error: Optional[frames.FrameError]) -> None:
        self.recorder.preloads.append((place_id, banners, error))
        self.recorder.log.append(
            f"preloaded {place_id} {len(banners)}" if banners is not None else f"preload failed {place_id}"
        )
