"""The Ruling: the record of one LOS check, its steps and where it is blocked.

pycore/rules/los/driver.py fills it in, walking the exact trace in thread order and
asking each rule family.  Which file holds which rule:

- obstacles.py     A6.1, A6.2, A6.4-A6.43: obstacles, Crest Lines, Blind Hexes
- walls.py         A6.21, B9.1, B9.2, B9.61: walls, hedges, hexspines
- bocage.py        B9.52, B9.521, B9.531: bocage, and light bocage where it follows it
- hindrance.py     A6.7, D9.4: Hindrances and the same-range rule
- depression.py    A6.3, B19.2: Depressions and gullies
- entrenchment.py  B9.21: entrenchments
- driver.py        A6.1 (the thread), A6.8 (same hex, adjacent building levels)
- borderline.py    A6.1 (a thread within a pixel of the art, and its dr), A6.5
- building.py      B23.1 (which adjacent building hexes are one building)
- unmodelled.py    A6.1: what an imported board draws that the app does not model (asked by
                   ``evaluate``, not by the driver: a visibility sweep never says it)

The first block found is the one reported (``blocked_at``, ``rule``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ... import geometry as g
from ..location import End


def listed(names: list[str]) -> str:
    """Names in words: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


@dataclass(eq=False)
class Ruling:
    """The outcome of one LOS check, with the reasons for it."""
    viewer: End
    target: End
    range: int
    trace: tuple[g.TraceItem, ...] = ()
    steps: list[dict[str, str]] = field(default_factory=list)
    block: tuple[str, str] | None = None        # (where, rule): no location LOS
    unit_block: tuple[str, str] | None = None   # the unit alone is unseen
    # the index in ``trace`` of the part whose rule blocked it (the driver's walk)
    blocked_part: int | None = None
    # A6.7: the Hindrance hexes by range from the viewer's end (geometry.point_range):
    # (hex name, DRM)
    hindered: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    # A6.1: where the verdict turns on the art within a pixel (pycore.rules.los.borderline),
    # the rule, the hex, the art and both outcomes; ``other``: the other outcome's ruling
    borderline: dict[str, Any] | None = None
    other: Ruling | None = field(default=None, repr=False)

    @property
    def hindrance(self) -> int:
        """A6.7: the Hindrance DRM, counting the hexes at one range once."""
        if not self.hindered:
            return 0
        return sum(max(d for _, d in hexes) for hexes in self.hindered.values())

    @property
    def location_los(self) -> bool:
        return self.block is None

    @property
    def los(self) -> bool:
        return self.block is None and self.unit_block is None

    def as_dict(self) -> dict[str, Any]:
        where = self.block or self.unit_block
        return {
            "los": self.los,
            "location_los": self.location_los,
            "range": self.range,
            "hindrance": self.hindrance if self.location_los else 0,
            "blocked_at": where[0] if where else None,
            "rule": where[1] if where else None,
            "steps": self.steps,
            "viewer": self.viewer.name,
            "target": self.target.name,
            "thread": {"from": list(self.viewer.point), "to": list(self.target.point)},
            "borderline": self.borderline,
        }

    def say(self, rule: str, text: str) -> None:
        self.steps.append({"rule": rule, "text": text})

    def say_before_conclusion(self, said: list[tuple[str, str]]) -> None:
        """Steps (rule, text) said after the walk, put before its last step, the
        conclusion the driver has already said (water.py, unmodelled.py)."""
        if not said:
            return
        conclusion = self.steps.pop() if self.steps else None
        for rule, text in said:
            self.say(rule, text)
        if conclusion is not None:
            self.steps.append(conclusion)

    def blocked(self, where: str, rule: str, text: str) -> None:
        """No LOS to the Location (the first block found is kept)."""
        if self.block is None:
            self.block = (where, rule)
            self.say(rule, text)

    def unit_hidden(self, where: str, rule: str, text: str) -> None:
        """The Location is seen, but not the unit in it."""
        if self.unit_block is None and self.block is None:
            self.unit_block = (where, rule)
            self.say(rule, text)
