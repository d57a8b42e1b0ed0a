"""Work done in steps: a generator that pauses (yields) between
chunks of work and returns its answer, so the page's worker can
answer other questions between chunks (web.bridge). ``finish`` runs one
whole, for callers that want the answer at once (pycore.api, web.render).
A pause yields None, or what the work has proved so far (a visibility sweep's
hexes, web.bridge hands it to the page, which draws it at once)."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

T = TypeVar("T")


def finish(steps: Generator[Any, None, T]) -> T:
    """What a generator of steps returns, run to its end without a pause."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
