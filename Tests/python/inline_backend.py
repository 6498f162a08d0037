"""A model inline campaigns backend and a recording host for the inline
tests (IL-01..IL-10): campaigns are served as one document with the
SHA-256s a backend computes, each content document at
https://cdn.test/inline/<id>.json; the recorder is the engine host, the
global inline delegate and a view delegate, and logs every callback as one
line so tests assert whole transcripts."""

from __future__ import annotations

import hashlib
import json
from typing import Any, Dict, List, Optional

import frames

INLINE_URL = "https://api.test/v1/inline"


def content_url(campaign_id: str) -> str:
    return f"https://cdn.test/inline/{campaign_id}.json"


def content_body(campaign_id: str) -> bytes:
    return json.dumps({"template": {"html": f"<p>{campaign_id}</p>"}}).encode()


def campaign(
    id: str,
    key: str = "home",
    trigger: str = "automatic",
    event: Optional[str] = None,
    priority: int = 10,
    max_displays: Optional[int] = None,
    period_ms: Optional[int] = None,
) -> Dict[str, Any]:
    c: Dict[str, Any] = {"id": id, "placement_key": key, "trigger": trigger, "priority": priority,
                         "content": {"url": content_url(id), "sha256": hashlib.sha256(content_body(id)).hexdigest()}}
    if event is not None:
        c["event"] = event
    if max_displays is not None:
        c["capping"] = {"max_displays": max_displays, "period_ms": period_ms}
    return c


class InlineServer:
    """Answers the engine's requests from memory, at the time given."""

    def __init__(self, campaigns: List[Dict[str, Any]], server_time: int = 1_700_000_000_000) -> None:
        self.campaigns = campaigns
        self.server_time = server_time
        self.status: Dict[str, int] = {}
        self.served: List[str] = []

    def pump(self, engine: frames.Engine, now_ms: int) -> int:
        count = 0
        while (request := engine.poll_request()) is not None:
            count += 1
            self.served.append(request.url)
            engine.complete_request(request.id, *self.answer(request.url), now_ms=now_ms)
        return count

    def answer(self, url: str) -> "tuple[int, tuple[()], bytes]":
        if url in self.status:
            return self.status[url], (), b""
        if url == INLINE_URL:
            document = {"server_time": self.server_time, "campaigns": self.campaigns}
            return 200, (), json.dumps(document).encode()
        for c in self.campaigns:
            if url == c["content"]["url"]:
                return 200, (), content_body(c["id"])
        return 404, (), b""


class InlineRecorder(frames.InlineDelegate, frames.InlineViewDelegate):
    """Logs every callback; the test sets what it answers or does.  Its
    ``host`` is the engine host that logs into the same transcript."""

    def __init__(self) -> None:
        self.log: List[str] = []
        self.views: Dict[str, frames.InlineView] = {}
        self.context: Optional[Dict[str, Any]] = None
        self.calls: List[frames.InlineCall] = []
        self.contents: List[frames.InlineContent] = []
        self.show_on_render_ms: Optional[int] = None
        self.attach_available_ms: Optional[int] = None

    def name(self, view: frames.InlineView) -> str:
        for name, known in self.views.items():
            if known is view:
                return name
        return "?"

    def take(self) -> List[str]:
        taken, self.log = self.log, []
        return taken

    # InlineDelegate
    def available(self, view: frames.InlineView, message: frames.InlineMessage) -> None:
        name = f"ev{sum(1 for n in self.views if n.startswith('ev')) + 1}"
        self.views[name] = view
        view.delegate = self
        self.log.append(f"available {message.placement_id} {message.campaign_id} -> {name}")
        if self.attach_available_ms is not None:
            view.attach(now_ms=self.attach_available_ms)

    def context_required(self, view: frames.InlineView, message: frames.InlineMessage) -> Optional[Dict[str, Any]]:
        self.log.append(f"context {self.name(view)} {message.campaign_id}")
        return self.context

    def open_url(self, view: frames.InlineView, message: frames.InlineMessage, url: str) -> None:
        self.log.append(f"open {self.name(view)} {url}")

    def open_deep_link(self, view: frames.InlineView, message: frames.InlineMessage, link: str) -> None:
        self.log.append(f"deeplink {self.name(view)} {link}")

    def custom_action(self, view: frames.InlineView, message: frames.InlineMessage, name: str,
                      params: Dict[str, Any]) -> None:
        self.log.append(f"action {self.name(view)} {name} {params}")

    def custom_method(self, view: frames.InlineView, message: frames.InlineMessage, name: str,
                      params: Dict[str, Any], call: frames.InlineCall) -> None:
        self.calls.append(call)
        self.log.append(f"method {self.name(view)} {name} {params} call={call.id}")

    def url_refused(self, view: frames.InlineView, message: frames.InlineMessage, url: str, deep_link: bool,
                    reason: str) -> None:
        self.log.append(f"refused {self.name(view)} {url}")

    # InlineViewDelegate
    def processing_started(self, view: frames.InlineView) -> None:
        self.log.append(f"{self.name(view)} processing")

    def loaded(self, view: frames.InlineView, message: frames.InlineMessage) -> None:
        self.log.append(f"{self.name(view)} loaded {message.campaign_id}")

    def updated(self, view: frames.InlineView, message: frames.InlineMessage) -> None:
        self.log.append(f"{self.name(view)} updated {message.campaign_id}")

    def failed(self, view: frames.InlineView, message: Optional[frames.InlineMessage], error: frames.FrameError) -> None:
        self.log.append(f"{self.name(view)} failed {message.campaign_id if message else '-'} {error.code}")

    def size_requested(self, view: frames.InlineView, message: frames.InlineMessage, width: float, height: float) -> None:
        self.log.append(f"{self.name(view)} size {width:g}x{height:g}")

    def remove(self, view: frames.InlineView, message: frames.InlineMessage) -> None:
        self.log.append(f"{self.name(view)} remove {message.campaign_id}")

    def render(self, view: frames.InlineView, content: frames.InlineContent) -> None:
        self.contents.append(content)
        self.log.append(f"{self.name(view)} render {content.message.campaign_id} ctx={json.dumps(content.context)}")
        if self.show_on_render_ms is not None:
            view.report_content_shown(now_ms=self.show_on_render_ms)

    def reply(self, view: frames.InlineView, text: str) -> None:
        self.log.append(f"{self.name(view)} reply {text}")


class RecordingHost(frames.Host):
    """The engine host: analytics and state changes into a recorder's log."""

    def __init__(self, recorder: InlineRecorder) -> None:
        self.recorder = recorder

    def analytics(self, record: frames.AnalyticsRecord) -> None:
        fields = "".join(f" {k}={v}" for k, v in record.fields.items())
        self.recorder.log.append(f"analytics {record.name} {record.view_id} {record.campaign_id}{fields}")

    def state_changed(self) -> None:
        self.recorder.log.append("state_changed")


def make_engine(recorder: InlineRecorder, **options: Any) -> frames.Engine:
    engine = frames.Engine(b"", frames.EngineOptions(inline_url=INLINE_URL, device_id="device-1",
                                                     retry_max_attempts=1, **options),
                           host=RecordingHost(recorder))
    engine.inline.delegate = recorder
    return engine


def new_view(engine: frames.Engine, recorder: InlineRecorder, name: str, key: str = "home") -> frames.InlineView:
    view = engine.new_inline_view(key)
    view.delegate = recorder
    recorder.views[name] = view
    return view
