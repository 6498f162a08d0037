"""Drivers: what a host does around a sans-IO engine (XC-01).

- :class:`VirtualClockDriver` — for tests and simulations: a virtual clock,
  installed as the engine's clock (``Engine.clock``), requests answered by a
  Python function, timers fired at their exact deadlines.
- :class:`HttpDriver` (defined in frames.http_driver) — performs the
  requests over HTTP with urllib and real monotonic time, several at once on
  worker threads, answering the engine on the owner thread.

Use both on the engine's owner thread (XC-02).
"""

from __future__ import annotations

import heapq
import itertools
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Protocol, Tuple, Union

from . import _check
from ._callbacks import monotonic_ms
from ._owned import engine_state
from .errors import NotFoundError
from .records import Request, Response, TransportError

if TYPE_CHECKING:
    from .engine import Engine
    from .http_driver import HttpDriver


def __getattr__(name: str) -> Any:
    # HttpDriver brings http.client, urllib and email: imported when first
    # named (docs/performance.md, "Importing frames").
    if name == "HttpDriver":
        from .http_driver import HttpDriver

        return HttpDriver
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["VirtualClockDriver", "HttpDriver", "Transport", "Answer", "monotonic_ms"]

#: What a transport gives back: an HTTP response, a transport error, or
#: None for a request that is never answered (it times out).
Answer = Optional[Union[Response, TransportError]]


class Transport(Protocol):
    """Performs one request for a VirtualClockDriver (a typing.Protocol): any
    callable taking a Request and returning an Answer, e.g. a function."""

    def __call__(self, request: Request) -> Answer: ...


class _VirtualTime:
    """A VirtualClockDriver's time, as the engine's clock reads it."""

    __slots__ = ("now",)

    def __init__(self, now: int) -> None:
        self.now = now

    def read(self) -> int:
        return self.now


class VirtualClockDriver:
    """Drives an engine with a virtual clock (``now``, in ms).

    Requests are performed, in the order the engine hands them out, by
    ``transport`` at the virtual time they are polled; an answer reaches the
    engine ``latency_ms`` later (0: at once).  Timers and request timeouts
    fire at their exact deadlines.  ``log`` lists (time, request) of every
    request performed.
    """

    def __init__(self, engine: "Engine", transport: Transport, start_ms: int = 0) -> None:
        engine_state(engine)
        self.engine = engine
        if not callable(transport):
            raise TypeError(f"transport must be callable (Request -> Response | TransportError | None), not {type(transport).__name__}")
        self.transport = transport
        #: The virtual clock starts at 0 unless told: it is this driver's own time.
        self._time = _VirtualTime(_check.time_ms(start_ms, "start_ms"))
        # A call made without now_ms happens at the virtual time.  The engine
        # gets only the time, not the driver: its state outlives the Engine
        # object in a finalizer, and must not keep a driver (and so the
        # engine) alive.
        engine.clock = self._time.read
        self.log: List[Tuple[int, Request]] = []
        self._answers: List[Tuple[int, int, Request, Union[Response, TransportError]]] = []
        self._order = itertools.count()

    @property
    def now(self) -> int:
        return self._time.now

    @property
    def _now(self) -> int:
        return self._time.now

    @_now.setter
    def _now(self, value: int) -> None:
        self._time.now = value

    def pump(self) -> None:
        """Performs every waiting request at the current time, delivering
        the answers due now (and the requests they cause)."""
        while not self.engine.closed:
            progressed = False
            while True:
                request = self.engine.poll_request()
                if request is None:
                    break
                progressed = True
                self.log.append((self._now, request))
                answer = self.transport(request)
                if answer is not None and not isinstance(answer, (Response, TransportError)):
                    raise TypeError(
                        f"the transport returned {type(answer).__name__}; it must return a Response, "
                        "a TransportError or None"
                    )
                if answer is not None:
                    heapq.heappush(self._answers, (self._now + answer.latency_ms, next(self._order), request, answer))
            while self._answers and self._answers[0][0] <= self._now and not self.engine.closed:
                _, _, request, answer = heapq.heappop(self._answers)
                progressed = True
                self._deliver(request, answer)
            if not progressed:
                return

    def _deliver(self, request: Request, answer: Union[Response, TransportError]) -> None:
        try:
            if isinstance(answer, TransportError):
                self.engine.fail_request(request.id, answer.message, now_ms=self._now)
            else:
                self.engine.complete_request(request.id, answer.status, answer.headers, answer.body, now_ms=self._now)
        except NotFoundError:
            pass  # timed out or dropped (identity, consent): not a host bug

    def _next_event(self) -> Optional[int]:
        if self.engine.closed:
            return None
        candidates = [t for t in (self.engine.next_deadline(), self._answers[0][0] if self._answers else None) if t is not None]
        return min(candidates) if candidates else None

    def advance(self, ms: int) -> None:
        """Moves the clock ``ms`` forward, handling every answer, timer and
        timeout at its exact time on the way."""
        if _check.time_ms(ms, "ms") < 0:
            raise ValueError("time does not go backwards")
        self.run_until_time(self._now + ms)

    def run_until_time(self, target_ms: int) -> None:
        """Runs every event up to ``target_ms`` (virtual), then stops there."""
        _check.time_ms(target_ms, "target_ms")
        self.pump()
        while True:
            event = self._next_event()
            if event is None or event > target_ms:
                break
            self._now = max(self._now, event)
            self.engine.on_timeout(now_ms=self._now)
            self.pump()
        self._now = max(self._now, target_ms)

    def run_until_idle(self, limit_ms: int = 24 * 3_600_000) -> None:
        """Runs until nothing is queued, in flight or timed; the clock stops
        at the last event.  RuntimeError if events go on past ``limit_ms``
        from now."""
        end = self._now + _check.time_ms(limit_ms, "limit_ms")
        self.pump()
        while True:
            event = self._next_event()
            if event is None:
                return
            if event > end:
                raise RuntimeError(f"the engine is still busy after {limit_ms} ms of virtual time")
            self._now = max(self._now, event)
            self.engine.on_timeout(now_ms=self._now)
            self.pump()
