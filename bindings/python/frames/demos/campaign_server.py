"""A tiny campaigns backend for trying a host with a real transport, for all
four modules: ``python3 -m frames.demos.campaign_server [FOLDER] [--port N]``.

It serves a campaigns folder (by default the demo's,
``frames/demos/demo_campaigns``) over HTTP on the loopback interface, the way
a campaign backend would. Endpoints, under the server's base URL (default
``http://127.0.0.1:8000/``):

``POST /placements``
    App Frames: the placements response (AF-12), ``placements.json`` with
    every variant's content checksum computed (AF-14). EngineOptions
    ``placements_url``.
``POST /banners`` (or ``GET``)
    Banner places: the banner list (BN-02, BN-14), ``banners.json`` with
    every content checksum computed; the folder holds one list, answered for
    every place id. EngineOptions ``banners_url``.
``POST /inline`` (or ``GET``)
    Inline messages: the campaigns document (IL-01), ``inline.json`` with
    every content checksum computed and ``server_time`` set to the server's
    clock unless the file has one. EngineOptions ``inline_url``.
``POST /pushes``
    Modal messages: a stand-in for the platform's push service (IM-01). The
    body is a push's data, the JSON object a silent push carries
    (docs/wire-format.md section 10); the answer is ``202`` and
    ``{"id": n}``, ids counting from 1.
``GET /pushes?after=N``
    ``200`` and ``{"pushes": [{"id": n, "data": <the push's data>}, ...]}``
    at once: every push with an id above N, oldest first. Hosts poll it
    (e.g. every 250 ms) and hand each ``data`` to the engine
    (``handle_notification``); a push sent before a host starts is
    delivered at its first poll (``after=0``).
``GET /<path>``
    The file ``<folder>/<path>``: content documents (their assets' sizes and
    checksums computed), banner HTML, assets; 404 when there is none.

The folder's documents name each other under the placeholder origin
``https://campaigns.local/``; the server replaces it with its own base URL,
in files and in pushes. The folder is read again at every placements,
banner-list and inline fetch, so edits show up at the host's next fetch (a
new session or a return to the foreground, AF-16). A file that is not the
JSON it should be is served as it is, with one line on stderr naming it
(the engine then says what it makes of it); a folder that cannot be read at
all answers 500 and prints one line saying why.

Hosts in docs/guides find the server through the environment variable
``FRAMES_CAMPAIGN_SERVER``, its base URL with the trailing slash (default
``http://127.0.0.1:8000/``), and build ``<base>placements``,
``<base>banners``, ``<base>inline`` and ``<base>pushes`` from it.

To send a push from a shell (the folder's ``pushes/*.json`` are samples):
``python3 -m frames.demos.campaign_server push FILE... [--url BASE]``,
where BASE defaults to ``FRAMES_CAMPAIGN_SERVER``, then
``http://127.0.0.1:8000/``.

Plain http on loopback is for trying things out: the engine accepts it only
with ``allow_insecure_http`` (AF-14).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Optional, Sequence, Tuple

from .campaign_documents import BANNER_LIST, INLINE_CAMPAIGNS, banner_list, inline_campaigns
from .demo import DEFAULT_FOLDER, ORIGIN, CampaignFolder
from .push_queue import PushQueue, send_push
from ..records import Request

__all__ = ["CampaignServer", "DEFAULT_URL", "main"]

DEFAULT_PORT = 8000
DEFAULT_URL = f"http://127.0.0.1:{DEFAULT_PORT}/"
#: The environment variable hosts read the server's base URL from.
URL_VARIABLE = "FRAMES_CAMPAIGN_SERVER"
PROG = "python3 -m frames.demos.campaign_server"


class CampaignServer:
    """Serves ``folder`` at ``http://<host>:<port>/`` from a background
    thread; port 0 picks a free one. Use as a context manager, or call
    serve_forever() on the current thread."""

    def __init__(self, folder: Path = DEFAULT_FOLDER, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 log: bool = False) -> None:
        self.folder = Path(folder)
        self.log = log
        self.pushes = PushQueue()
        self._lock = threading.Lock()
        self._snapshot: Optional[CampaignFolder] = None
        self._httpd = ThreadingHTTPServer((host, port), _handler(self))
        self._httpd.daemon_threads = True
        bound_host, bound_port = self._httpd.server_address[:2]
        self.url = f"http://{bound_host!s}:{bound_port}/"
        self._thread: Optional[threading.Thread] = None

    @property
    def placements_url(self) -> str:
        """What a host gives the engine as its placements URL."""
        return self.url + "placements"

    @property
    def banners_url(self) -> str:
        """What a host gives the engine as its banner-list URL."""
        return self.url + "banners"

    @property
    def inline_url(self) -> str:
        """What a host gives the engine as its inline campaigns URL."""
        return self.url + "inline"

    @property
    def pushes_url(self) -> str:
        """Where pushes are posted and polled."""
        return self.url + "pushes"

    def answer(self, method: str, path: str, query: str = "", body: bytes = b"") -> Tuple[int, bytes]:
        """(status, body) for one request; never raises."""
        name = path.lstrip("/")
        if name == "pushes":
            if method == "POST":
                return self.pushes.add(body.replace(ORIGIN.encode(), self.url.encode()))
            return self.pushes.after(query)
        url = self.url + name
        with self._lock:
            try:
                if name in ("placements", "banners", "inline") or self._snapshot is None:
                    # A list fetch publishes what the folder holds now.
                    self._snapshot = CampaignFolder(self.folder, origin=self.url)
                    self._report(self._snapshot.notes)
                snapshot = self._snapshot
            except Exception as error:  # noqa: BLE001 — any broken file is one line, not a traceback
                message = f"frames.demos.campaign_server: {self.folder}: {error}"
                print(message, file=sys.stderr)
                return 500, message.encode("utf-8")

        def file_at(file_url: str) -> Optional[bytes]:
            response = snapshot(Request(id=0, method="GET", url=file_url, headers=(), body=b"", deadline_ms=0))
            return response.body if response.status == 200 else None

        if name in ("banners", "inline"):
            file_name, seal = (BANNER_LIST, banner_list) if name == "banners" else (INLINE_CAMPAIGNS, inline_campaigns)
            document = file_at(self.url + file_name)
            if document is None:
                return 404, f"{self.folder / file_name} is missing".encode("utf-8")
            with self._lock:
                noted = len(snapshot.notes)
                sealed = snapshot.sealed(file_name, document, seal(file_at))
                self._report(snapshot.notes[noted:])
            return 200, sealed
        found = snapshot(Request(id=0, method=method, url=url, headers=(), body=b"", deadline_ms=0))
        return found.status, found.body

    @staticmethod
    def _report(notes: Sequence[str]) -> None:
        for note in notes:
            print(f"frames.demos.campaign_server: {note}", file=sys.stderr)

    def serve_forever(self) -> None:
        self._httpd.serve_forever(poll_interval=0.1)

    def close(self) -> None:
        if self._thread is not None:
            self._httpd.shutdown()
            self._thread.join(5)
            self._thread = None
        self._httpd.server_close()

    def __enter__(self) -> "CampaignServer":
        self._thread = threading.Thread(target=self.serve_forever, name="frames-campaign-server", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


_JSON_PATHS = ("placements", "banners", "inline", "pushes")


def _handler(server: CampaignServer) -> "type[BaseHTTPRequestHandler]":
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one line per request below, when asked

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            # The fetch bodies (device, session, place id) get the same
            # answer for everyone; a push's body is the push.
            received = self.rfile.read(length) if length else b""
            path, _, query = self.path.partition("?")
            status, body = server.answer(self.command, path, query, received)
            if server.log:
                print(f"{self.command} {self.path} {status} ({len(body)} bytes)", flush=True)
            try:
                self.send_response(status)
                json_body = path.endswith(".json") or path.lstrip("/") in _JSON_PATHS
                self.send_header("Content-Type", "application/json" if json_body and status < 400
                                 else "text/plain; charset=utf-8" if status >= 400 else "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:
                pass  # the host gave up on this request (its deadline)

        do_GET = _serve
        do_POST = _serve

    return Handler


def serve(argv: Sequence[str]) -> int:
    """``campaign_server [FOLDER]``: serves until Ctrl-C."""
    parser = argparse.ArgumentParser(prog=PROG, description=(__doc__ or "").split("\n\n")[0],
                                     epilog=f"{PROG} push FILE... [--url BASE] sends pushes to a running server")
    parser.add_argument("folder", nargs="?", type=Path, default=None, metavar="FOLDER",
                        help="campaigns folder (default: the demo's)")
    parser.add_argument("--campaigns", type=Path, default=None, help="the same as FOLDER")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port; 0 picks a free one (default: {DEFAULT_PORT})")
    args = parser.parse_args(argv)
    folder: Path = args.campaigns or args.folder or DEFAULT_FOLDER
    if not (folder / "placements.json").is_file():
        print(f"frames.demos.campaign_server: {folder} has no placements.json", file=sys.stderr)
        return 2
    try:
        server = CampaignServer(folder, args.host, args.port, log=True)
    except OSError as error:
        print(f"frames.demos.campaign_server: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    print(f"serving {folder} at {server.url}; export {URL_VARIABLE}={server.url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


def push(argv: Sequence[str]) -> int:
    """``campaign_server push FILE...``: sends each file as one push."""
    parser = argparse.ArgumentParser(prog=f"{PROG} push",
                                     description="Sends each FILE (a push's data, a JSON object) to a running "
                                     "campaign server as one push; prints its id.")
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("--url", default=os.environ.get(URL_VARIABLE) or DEFAULT_URL,
                        help=f"the server's base URL (default: ${URL_VARIABLE}, else {DEFAULT_URL})")
    args = parser.parse_args(argv)
    base = args.url if args.url.endswith("/") else args.url + "/"
    for path in args.files:
        try:
            body = path.read_bytes()
        except OSError as error:
            print(f"frames.demos.campaign_server push: cannot read {path}: {error.strerror}", file=sys.stderr)
            return 2
        try:
            number = send_push(base, body)
        except ValueError as error:
            print(f"frames.demos.campaign_server push: {path}: refused: {error}", file=sys.stderr)
            return 1
        except OSError as error:
            print(f"frames.demos.campaign_server push: cannot reach {base}: {getattr(error, 'reason', error)}",
                  file=sys.stderr)
            return 1
        print(f"push {number}: {path}", flush=True)
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["push"]:
        return push(arguments[1:])
    return serve(arguments)


if __name__ == "__main__":
    sys.exit(main())
