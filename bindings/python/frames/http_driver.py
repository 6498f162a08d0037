"""HttpDriver: performs an engine's requests over real HTTP (urllib), several
at a time, with real monotonic time (XC-01).

The engine is sans-IO and bound to its owner thread (XC-02), so the work is
split in two:

- worker threads (a private ThreadPoolExecutor of ``max_concurrency``
  threads) do only network I/O: they send one request each and put its
  outcome on a thread-safe queue. They never touch the engine.
- the owner thread — the one calling :meth:`HttpDriver.step` or
  :meth:`HttpDriver.run_until` — polls requests from the engine, hands them
  to the workers, takes finished outcomes off the queue and answers the
  engine (complete_request, fail_request, on_timeout). Every engine call,
  and so every callback (XC-03), happens on the owner thread.
"""

from __future__ import annotations

import collections
import http.client
import queue
import socket
import time
import urllib.error
import urllib.request
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Deque, List, Optional, Tuple

from . import _check
from ._owned import engine_state
from .errors import NotFoundError
from .records import Request

if TYPE_CHECKING:
    from .engine import Engine

__all__ = ["HttpDriver", "DEFAULT_MAX_CONCURRENCY", "monotonic_ms"]

#: Requests in flight at once unless told otherwise: what browsers allow
#: per host, enough for a placements fetch plus a screenful of content and
#: assets without queueing behind a slow one.
DEFAULT_MAX_CONCURRENCY = 6

#: The longest single wait of run_until between looks at the predicate, s.
_POLL_CAP_S = 0.05


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


@dataclass(frozen=True)
class _Outcome:
    """What a worker found out about one request; plain data, so it can
    cross from the worker to the owner thread."""

    request: Request
    #: The driver's clock when the request was started.
    started_ms: int
    #: The HTTP status, or None when no response came (see ``error``).
    status: Optional[int] = None
    headers: Tuple[Tuple[str, str], ...] = ()
    body: bytes = b""
    #: Why no response came (connection refused or reset, DNS, TLS...).
    error: Optional[str] = None
    #: The socket timed out: the engine's deadline is the authority on that.
    timed_out: bool = False


def _fetch(request: Request, started_ms: int, timeout_s: float) -> _Outcome:
    """Performs one request with urllib; never raises. Runs on a worker
    thread (or inline for HttpDriver.perform), so it reads no engine state
    and calls no clock: the owner computed ``timeout_s`` from the request's
    deadline."""
    http_request = urllib.request.Request(
        request.url,
        data=request.body if request.method != "GET" else None,
        method=request.method,
        headers=dict(request.headers),
    )
    try:
        try:
            with urllib.request.urlopen(http_request, timeout=timeout_s) as response:
                body = response.read()
                return _Outcome(request, started_ms, int(response.status), tuple(response.headers.items()), body)
        except urllib.error.HTTPError as error:
            # A non-2xx answer is still an answer: the engine decides
            # whether to retry it (XC-06) and reads Retry-After.
            body = error.read()
            headers = tuple(error.headers.items()) if error.headers else ()
            return _Outcome(request, started_ms, int(error.code), headers, body)
    except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as error:
        reason: Any = getattr(error, "reason", error)
        timed_out = isinstance(reason, (socket.timeout, TimeoutError))
        return _Outcome(request, started_ms, error=_describe(reason), timed_out=timed_out)
    except Exception as error:  # noqa: BLE001 — a worker must report, not die
        return _Outcome(request, started_ms, error=_describe(error))


def _describe(reason: Any) -> str:
    text = str(reason)
    return f"{type(reason).__name__}: {text}" if text else type(reason).__name__


class HttpDriver:
    """Performs an engine's requests over HTTP (urllib) with real monotonic
    time, up to ``max_concurrency`` at once (default
    :data:`DEFAULT_MAX_CONCURRENCY`).

    Use it on the engine's owner thread (XC-02): :meth:`step` and
    :meth:`run_until` start requests on worker threads and hand their
    answers back to the engine on the calling thread, so callbacks run
    there too. Requests beyond the bound wait in the driver in the order
    the engine issued them; a request's deadline counts from when the
    engine issued it, so one still waiting at its deadline is not sent (the
    engine has timed it out).

    Each request's socket timeout is what is left until its deadline.
    Connection errors, resets and malformed responses become
    ``fail_request`` (retried, XC-06); a socket timeout lets the engine time
    the request out itself; any HTTP status, with its headers
    (``Retry-After``), goes to ``complete_request``. An answer the engine no
    longer waits for (timed out, or dropped by a login or revoked consent)
    is ignored.

    ``close()`` (or ``with``) stops the worker threads; requests still
    running end at their deadline and their answers are dropped.
    """

    def __init__(self, engine: "Engine", clock: Callable[[], int] = monotonic_ms, *,
                 max_concurrency: int = DEFAULT_MAX_CONCURRENCY) -> None:
        if isinstance(max_concurrency, bool) or not isinstance(max_concurrency, int):
            raise TypeError(f"max_concurrency must be an int, not {type(max_concurrency).__name__}")
        if max_concurrency < 1:
            raise ValueError(f"max_concurrency must be at least 1, got {max_concurrency}")
        if not callable(clock):
            raise TypeError(f"clock must be callable, not {type(clock).__name__}")
        engine_state(engine)
        self.engine = engine
        self._clock = clock
        # Calls made without now_ms read the same clock as the driver.
        engine.clock = clock
        self._max_concurrency = max_concurrency
        #: (time performed, request, HTTP status or None for a failure), in
        #: the order the answers reached the engine.
        self.log: List[Tuple[int, Request, Optional[int]]] = []
        self._executor: Optional[ThreadPoolExecutor] = None
        #: Polled from the engine, not yet started (over the bound).
        self._waiting: Deque[Request] = collections.deque()
        #: Finished outcomes, filled by the workers; the only shared state.
        self._finished: "queue.SimpleQueue[_Outcome]" = queue.SimpleQueue()
        #: Taken off _finished while waiting, not yet delivered.
        self._taken: Deque[_Outcome] = collections.deque()
        self._running = 0
        self._closed = False

    # --- properties ---------------------------------------------------------

    @property
    def now(self) -> int:
        return self._clock()

    @property
    def max_concurrency(self) -> int:
        """How many requests may be in flight at once."""
        return self._max_concurrency

    @property
    def in_flight(self) -> int:
        """Requests started and not yet answered to the engine."""
        return self._running

    @property
    def waiting(self) -> int:
        """Requests taken from the engine and waiting for a free worker."""
        return len(self._waiting)

    # --- lifetime -------------------------------------------------------------

    def close(self) -> None:
        """Stops the workers without waiting for running requests (their
        answers are dropped). Idempotent."""
        self._closed = True
        self._waiting.clear()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> "HttpDriver":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # --- one request, inline ----------------------------------------------------

    def perform(self, request: Request) -> None:
        """Performs one request on the calling thread, blocking until it is
        answered, and answers the engine. For hosts that want no threads;
        step() and run_until() perform concurrently."""
        started = self.now
        self._deliver(_fetch(request, started, self._timeout_s(request, started)))

    # --- the loop -------------------------------------------------------------

    def step(self) -> bool:
        """Takes every request the engine has, starts as many as the bound
        allows, answers the engine with every finished one and fires due
        timers; returns whether anything was done. Never blocks on the
        network: requests still running are answered by a later step()."""
        if self.engine.closed or self._closed:
            return False
        did = self._exchange()
        if self.engine.closed:
            return did
        deadline = self.engine.next_deadline()
        now = self.now
        if deadline is not None and deadline <= now:
            self.engine.on_timeout(now_ms=now)
            self._exchange()
            did = True
        return did

    def run_until(self, predicate: Callable[[], bool], timeout_s: float = 10.0) -> bool:
        """Drives the engine until ``predicate()`` is true (returns True) or
        ``timeout_s`` passed (returns False). Between steps it sleeps until
        an answer arrives or the engine's next deadline, whichever is first."""
        end = time.monotonic() + timeout_s
        while True:
            if self.engine.closed or self._closed:
                return predicate()
            self.step()
            if predicate():
                return True
            remaining = end - time.monotonic()
            if remaining <= 0:
                return False
            deadline = self.engine.next_deadline()
            wait = remaining if deadline is None else max(0.0, (deadline - self.now) / 1000)
            self._wait_for_answer(min(wait, remaining, _POLL_CAP_S))

    # --- internals --------------------------------------------------------------

    def _timeout_s(self, request: Request, now: int) -> float:
        return max(0.001, (request.deadline_ms - now) / 1000)

    def _exchange(self) -> bool:
        """Delivers finished answers and starts the requests they cause
        until nothing moves; whether anything did."""
        did = False
        while not self.engine.closed:
            progressed = self._deliver_finished()
            if self.engine.closed:
                return True
            progressed = self._take_requests() or progressed
            progressed = self._start_waiting() or progressed
            if not progressed:
                break
            did = True
        return did

    def _take_requests(self) -> bool:
        took = False
        while not self.engine.closed:
            request = self.engine.poll_request()
            if request is None:
                break
            self._waiting.append(request)
            took = True
        return took

    def _start_waiting(self) -> bool:
        started = False
        while self._waiting and self._running < self._max_concurrency:
            request = self._waiting.popleft()
            now = self.now
            if request.deadline_ms <= now:
                continue  # timed out while waiting for a worker: the engine knows
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self._max_concurrency, thread_name_prefix="frames-http")
            self._running += 1
            future = self._executor.submit(_fetch, request, now, self._timeout_s(request, now))
            future.add_done_callback(self._on_done)
            started = True
        return started

    def _on_done(self, future: "Future[_Outcome]") -> None:
        # Runs on the worker thread: the outcome travels back through the
        # queue only, nothing else is touched here.
        if not future.cancelled():
            self._finished.put(future.result())

    def _wait_for_answer(self, timeout_s: float) -> None:
        if self._running == 0 or timeout_s <= 0:
            if timeout_s > 0:
                time.sleep(timeout_s)
            return
        try:
            self._taken.append(self._finished.get(timeout=timeout_s))
        except queue.Empty:
            pass

    def _deliver_finished(self) -> bool:
        delivered = False
        while True:
            if self._taken:
                outcome = self._taken.popleft()
            else:
                try:
                    outcome = self._finished.get_nowait()
                except queue.Empty:
                    return delivered
            self._running -= 1
            delivered = True
            if self.engine.closed:
                continue
            self._deliver(outcome)

    def _deliver(self, outcome: _Outcome) -> None:
        """Answers the engine with one outcome; owner thread only."""
        request = outcome.request
        self.log.append((outcome.started_ms, request, outcome.status))
        now = self.now
        try:
            if outcome.status is not None:
                self.engine.complete_request(request.id, outcome.status, outcome.headers, outcome.body, now_ms=now)
            elif outcome.timed_out and now >= request.deadline_ms:
                self.engine.on_timeout(now_ms=now)  # the engine's own timeout, with its message
            else:
                self.engine.fail_request(request.id, outcome.error, now_ms=now)
        except NotFoundError:
            pass  # timed out or dropped meanwhile (AF-16, AF-17): not a host bug
