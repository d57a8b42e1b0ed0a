"""The ruling card: one LOS/fire ruling as a single SVG a tournament director
can keep (docs/architecture.md, "The ruling card").

``ruling_card(setup, question, link)`` asks the rules (``pycore.api``) the
question the link carries and draws, top to bottom: the verdict and its facts
in the LOS panel's own words (``web.present``: range, Hindrance DRM, TEM and
its options, where it is blocked), who has Wall Advantage, the map cropped
around the thread, every step with its rule number, the share link as text
and as a QR code (``web.qr``), and the app's build id, the rulebook edition
and the date. The page shows this SVG as the printable card and turns the
same SVG into the PNG, so the two never differ.

Black on white with the map's own colours: it prints legibly in black and
white (the thread's status is also its dash pattern, and the verdict is text).
"""
from __future__ import annotations

import datetime
import re
import textwrap
from typing import Any

import svgwrite

from pycore import api, geometry
from pycore.errors import SetupError
from web import frame, present, qr, render
from web.build_id import BUILD_ID

WIDTH = 640
PAD = 24
INNER = WIDTH - 2 * PAD
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
# Around the thread: a margin of about two hexes, and at least this much map.
MARGIN = 2 * 4 * render.U
MIN_CROP = (10 * 4 * render.U, 6 * 4 * render.U)
MAX_MAP_HEIGHT = 520
_ID = re.compile(r'\bid="([^"]+)"')
MAP_ID_PREFIX = "card-"   # the card's map's ids, apart from the page's map's


def facts(setup: dict, question: dict, result: dict, wa: dict) -> list[tuple[str, str]]:
    """The card's lines as (label, value): the two ends, then the ruling's
    facts in the words of the LOS panel (``web.present``), then who has WA."""
    rows = [("Viewer", present.end_name(setup, question["viewer"])),
            ("Target", present.end_name(setup, question["target"]))]
    rows += [(f["label"], f["value"]) for f in present.facts(result)]
    if setup.get("ssr"):        # docs/ssr.md: the scenario's SSRs the ruling was made under
        rows.append(("Scenario rules", api.describe_ssr(setup["ssr"])))
    laid = setup.get("map", {}).get("overlays")
    if laid:                    # docs/overlays.md: as a scenario card lists them
        rows.append(("Overlays", ", ".join(
            f"{o['overlay']} on {o['hex']}" + (f"-{o['toward']}" if o.get("toward") else "")
            for o in laid)))
    holders = present.wall_advantage(wa)
    return rows + [(holders["label"], holders["value"])]


def crop(setup: dict, result: dict) -> tuple[float, float, float, float]:
    """The map rectangle (pixels of web.render's map) around the thread: two
    hexes of margin, at least MIN_CROP, kept inside the map's edges."""
    grid = geometry.Grid(setup["map"]["columns"], setup["map"]["rows"])
    mx0, my0, mx1, my1 = frame.map_rect(list(grid.hexes()), render.U)
    ends = [geometry.pixel(tuple(result["thread"][k]), render.U) for k in ("from", "to")]
    xs, ys = zip(*ends)
    box = []
    for lo, hi, least, edge0, edge1 in ((min(xs), max(xs), MIN_CROP[0], mx0, mx1),
                                        (min(ys), max(ys), MIN_CROP[1], my0, my1)):
        lo, hi = lo - MARGIN, hi + MARGIN
        grow = max(0.0, least - (hi - lo)) / 2
        lo, hi = lo - grow, hi + grow
        if hi - lo >= edge1 - edge0:
            lo, hi = edge0, edge1
        elif lo < edge0:
            lo, hi = edge0, hi + edge0 - lo
        elif hi > edge1:
            lo, hi = lo - (hi - edge1), edge1
        box.append((lo, hi - lo))
    (x, w), (y, h) = box
    return x, y, w, h


def _inner_svg(document: str, prefix: str) -> str:
    """The content of an SVG document, its ids prefixed so that the card can
    sit in a page that already shows the same map."""
    body = document[document.index(">", document.index("<svg")) + 1:document.rindex("</svg>")]
    for name in set(_ID.findall(body)):
        body = (body.replace(f'id="{name}"', f'id="{prefix}{name}"')
                .replace(f"url(#{name})", f"url(#{prefix}{name})")
                .replace(f'href="#{name}"', f'href="#{prefix}{name}"'))
    return body


class _Writer:
    """Lines of text placed down the card."""

    def __init__(self, dwg):
        self.dwg = dwg
        self.y: float = PAD

    def text(self, text: str, size: int, x: float, weight: str = "normal",
             family: str = FONT, cls: str = "") -> None:
        self.dwg.add(self.dwg.text(text, insert=(x, self.y), font_size=size, font_family=family,
                                   font_weight=weight, fill="#000", class_=cls or None))

    def line(self, text: str, size: int, weight: str = "normal", family: str = FONT,
             x: float = PAD, cls: str = "") -> None:
        self.y += size * 1.3
        self.text(text, size, x, weight, family, cls)

    def wrapped(self, text: str, size: int, indent: float = 0, label: str = "",
                cls: str = "") -> None:
        """``text`` wrapped to the card's width, ``indent`` px in; ``label``
        (bold) at the left of its first line."""
        lines = textwrap.wrap(text, width=int((INNER - indent) / (size * 0.55)),
                              break_long_words=True) or [""]
        for i, part in enumerate(lines):
            self.y += size * 1.3
            if i == 0 and label:
                self.text(label, size, PAD, "bold", cls=cls and f"{cls}-label")
            self.text(part, size, PAD + indent, cls=cls)

    def gap(self, px: float) -> None:
        self.y += px


def ruling_card(setup: Any, question: Any, link: Any, build: str | None = None,
                date: str | None = None, *, session: Any = None) -> str:
    """The ruling card for ``question`` (``pycore.share.question``) on ``setup`` as an
    SVG document string; ``link`` is the share link it prints as text and QR."""
    loaded = api.load(setup, session=session)
    return _card(loaded.to_dict(), question, link, build, date, session)


def _card(setup: dict, question: Any, link: Any, build: str | None, date: str | None,
          session: Any) -> str:
    setup.pop("question", None)
    question = api.check_question(setup, question, session=session)
    if not isinstance(link, str) or not link:
        raise SetupError("link: expected the share link's text")
    if build is None:
        build = BUILD_ID
    date = date or datetime.date.today().isoformat()
    ask = getattr(api, question["tool"])
    result = ask(setup, question["viewer"], question["target"], session=session)
    wa = api.wall_advantage(setup, session=session) if setup["units"] else {}

    dwg = svgwrite.Drawing(size=None, debug=False, profile="full")
    out = _Writer(dwg)
    out.line("ASL line of sight ruling", 26, "bold")
    out.line(f"{date} - ASL LOS & Wall Advantage, build {build}", 15)
    out.gap(10)
    out.line(present.verdict(result), 34, "bold", cls="card-verdict")
    out.gap(4)
    for label, value in facts(setup, question, result, wa):
        out.wrapped(value, 20, indent=190, label=label, cls="card-fact")

    # The map around the thread, at a scale a player can read.
    x, y, w, h = crop(setup, result)
    height = min(MAX_MAP_HEIGHT, INNER * h / w)
    width = min(INNER, height * w / h)
    out.gap(14)
    top = out.y
    drawn = render.map_svg(setup, los={**result, "viewer": question["viewer"],
                                       "target": question["target"]}, region=(x, y, w, h),
                           session=session)
    dwg.add(dwg.rect((PAD + (INNER - width) / 2 - 1, top - 1), (width + 2, height + 2),
                     fill="none", stroke="#000", stroke_width=1))
    slots = [f'<svg class="asl-map card-map" x="{PAD + (INNER - width) / 2:.1f}" '
                 f'y="{top:.1f}" width="{width:.1f}" height="{height:.1f}" '
                 f'viewBox="{x:.1f} {y:.1f} {w:.1f} {h:.1f}" '
                 f'preserveAspectRatio="xMidYMid slice">'
                 f'{_inner_svg(drawn, MAP_ID_PREFIX)}</svg>']
    dwg.add(dwg.g(id="card-slot-0"))
    out.gap(height + 14)

    out.line("Steps", 22, "bold")
    for i, step in enumerate(result.get("steps", []), 1):
        rule = step.get("rule") or ""
        out.wrapped(step.get("text", ""), 18, indent=92, label=f"{i}. {rule}", cls="card-step")
        out.gap(3)

    # The link, as a QR code and as text, and where the ruling came from.
    out.gap(12)
    side = 200
    try:
        slots.append(qr.qr_svg(link).replace(
            "<svg ", f'<svg x="{PAD}" y="{out.y:.1f}" width="{side}" height="{side}" ', 1))
        dwg.add(dwg.g(id=f"card-slot-{len(slots) - 1}"))
    except SetupError as exc:   # too long for a QR code: the text below still carries it
        for k, part in enumerate(textwrap.wrap(str(exc).removeprefix("qr: "), width=24)):
            dwg.add(dwg.text(part, insert=(PAD, out.y + 18 * (k + 1)), font_size=14,
                             font_family=FONT, fill="#000", class_="card-no-qr"))
    text_x = PAD + side + 16
    start = out.y
    out.line("Share link (opens this ruling):", 16, "bold", x=text_x)
    per_line = int((WIDTH - PAD - text_x) / (12 * 0.61))
    for start_at in range(0, len(link), per_line):   # cut anywhere: no hyphen rules
        out.line(link[start_at:start_at + per_line], 12, family=MONO, x=text_x, cls="card-link")
    out.gap(6)
    for part in textwrap.wrap(f"Rules: {api.RULEBOOK}.", width=48):
        out.line(part, 14, x=text_x)
    out.line(f"Build {build}, {date}", 14, x=text_x, cls="card-build")
    out.y = max(out.y, start + side) + PAD
    dwg.attribs.update({"viewBox": f"0 0 {WIDTH} {out.y:.0f}", "class": "ruling-card",
                        "width": str(WIDTH), "height": f"{out.y:.0f}"})
    dwg.elements.insert(0, dwg.rect((0, 0), (WIDTH, out.y), fill="#fff"))
    text = dwg.tostring()
    for i, raw in enumerate(slots):   # svgwrite holds no raw markup: splice it in
        text = text.replace(f'<g id="card-slot-{i}" />', raw, 1)
    return text
