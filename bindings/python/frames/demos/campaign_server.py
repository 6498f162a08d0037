"""A tiny campaigns backend for trying a host with a real transport:
``python3 -m frames.demos.campaign_server``.

It serves a campaigns folder (by default the demo's,
``frames/demos/demo_campaigns``) over HTTP on the loopback interface, the way a
campaign backend would: ``POST /placements`` answers the placements fetch
(AF-12) and ``GET /<path>`` returns the file ``<folder>/<path>``, with the
checksums and sizes computed from the files (AF-14). The folder's documents
name each other under the placeholder origin ``https://campaigns.local/``;
the server replaces it with its own address.

The folder is read again at every placements fetch, so edits show up at the
host's next fetch (a new session or a return to the foreground, AF-16).
A file that is not the JSON it should be is served as it is, with one line
on stderr naming it (the engine then says what it makes of it); a folder
that cannot be read at all answers 500 and prints one line saying why.

Plain http on loopback is for trying things out: the engine accepts it only
with ``allow_insecure_http`` (AF-14).
"""

from __future__ import annotations

import argparse
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Optional, Sequence

from .demo import DEFAULT_FOLDER, CampaignFolder
from ..records import Request

__all__ = ["CampaignServer", "main"]

DEFAULT_PORT = 8000


class CampaignServer:
    """Serves ``folder`` at ``http://<host>:<port>/`` from a background
    thread; port 0 picks a free one. Use as a context manager, or call
    serve_forever() on the current thread."""

    def __init__(self, folder: Path = DEFAULT_FOLDER, host: str = "127.0.0.1", port: int = DEFAULT_PORT,
                 log: bool = False) -> None:
        self.folder = Path(folder)
        self.log = log
        self._lock = threading.Lock()
        self._snapshot: Optional[CampaignFolder] = None
        server = self
        self._httpd = ThreadingHTTPServer((host, port), _handler(server))
        self._httpd.daemon_threads = True
        bound_host, bound_port = self._httpd.server_address[:2]
        self.url = f"http://{bound_host!s}:{bound_port}/"
        self._thread: Optional[threading.Thread] = None

    @property
    def placements_url(self) -> str:
        """What a host gives the engine as its placements URL."""
        return self.url + "placements"

    def answer(self, method: str, path: str) -> "tuple[int, bytes]":
        """(status, body) for one request; never raises."""
        url = self.url + path.lstrip("/")
        with self._lock:
            try:
                if url == self.placements_url or self._snapshot is None:
                    # A placements fetch publishes what the folder holds now.
                    self._snapshot = CampaignFolder(self.folder, origin=self.url)
                    for note in self._snapshot.notes:
                        print(f"frames.demos.campaign_server: {note}", file=sys.stderr)
                snapshot = self._snapshot
            except Exception as error:  # noqa: BLE001 — any broken file is one line, not a traceback
                message = f"frames.demos.campaign_server: {self.folder}: {error}"
                print(message, file=sys.stderr)
                return 500, message.encode("utf-8")
        response = snapshot(Request(id=0, method=method, url=url, headers=(), body=b"", deadline_ms=0))
        return response.status, response.body

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


def _handler(server: CampaignServer) -> "type[BaseHTTPRequestHandler]":
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one line per request below, when asked

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            if length:
                self.rfile.read(length)  # the placements body: the same answer for everyone
            path = self.path.split("?", 1)[0]
            status, body = server.answer(self.command, path)
            if server.log:
                print(f"{self.command} {path} {status} ({len(body)} bytes)", flush=True)
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json" if path.endswith((".json", "placements"))
                                 else "application/octet-stream")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:
                pass  # the host gave up on this request (its deadline)

        do_GET = _serve
        do_POST = _serve

    return Handler


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m frames.demos.campaign_server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--campaigns", type=Path, default=DEFAULT_FOLDER,
                        help="folder with placements.json and the files it names (default: the demo's)")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port; 0 picks a free one (default: {DEFAULT_PORT})")
    args = parser.parse_args(argv)
    if not (args.campaigns / "placements.json").is_file():
        print(f"frames.demos.campaign_server: {args.campaigns} has no placements.json", file=sys.stderr)
        return 2
    try:
        server = CampaignServer(args.campaigns, args.host, args.port, log=True)
    except OSError as error:
        print(f"frames.demos.campaign_server: cannot listen on {args.host}:{args.port}: {error.strerror or error}",
              file=sys.stderr)
        return 1
    print(f"serving {args.campaigns} at {server.url}; placements URL: {server.placements_url}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
