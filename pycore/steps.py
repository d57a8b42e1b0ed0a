"""Work done in steps (issue 24): a generator that pauses (yields None)
between chunks of work and returns its answer, so the page's worker can
answer other questions between chunks (web.bridge). ``finish`` runs one
whole, for callers that want the answer at once (pycore.api, web.render)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

T = TypeVar("T")


def finish(steps: Generator[None, None, T]) -> T:
    """What a generator of steps returns, run to its end without a pause."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
