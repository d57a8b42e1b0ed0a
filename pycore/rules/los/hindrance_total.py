"""A Hindrance total of +6 or more blocks the LOS (docs/hills.md).

VASL's engine blocks such a LOS citing B.10. The rulebook's Chapter B contents
name B.10 "LOS hindrance blockage" (found with ``search``), so the rule exists
and is B.10; its text, and so the +6 threshold, could not be read, so the step
says that the app assumes the threshold as VASL rules it.
A6.7 EX (4V3 to W10 with a wreck in V7: "+6") names the total without saying
more.  The total is A6.7's, with its same-range rule (Ruling.hindrance).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ... import geometry as g

if TYPE_CHECKING:
    from .ruling import Ruling

LIMIT = 6


def judge(r: Ruling, names: g.Names) -> None:
    """After A6.7's sum: a total of +6 or more blocks the LOS (B.10; the threshold
    assumed)."""
    if not (r.location_los and r.hindrance >= LIMIT):
        return
    total, where = 0, names.hex(r.target.hex)
    for rng in sorted(r.hindered):          # where the total reaches the limit
        total += max(d for _, d in r.hindered[rng])
        if total >= LIMIT:
            where = r.hindered[rng][0][0]
            break
    r.blocked(where, "B.10",
              f"A Hindrance DRM of +{r.hindrance} is +{LIMIT} or more: the app takes the "
              "LOS as blocked (B.10, LOS Hindrance blockage; the app assumes the "
              f"threshold of +{LIMIT} as VASL rules it, as it could not read the rule's text).")
