"""Command line: ``python -m pycore [--import FILE ...] los|fire|wa|visibility|seen|coverage|move
SETUP.json ...``.

Prints the same dicts as ``pycore.api`` as JSON.  Exit status 0 on success,
2 with a one-line error on bad input. ``--import`` reads the player's VASL
board and overlay files (``bd12``, ``ovrX``) first, for a setup whose map
names them by ``source`` (docs/overlays.md).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import api, jsonread, limits
from .errors import SetupError


def _read(path: str) -> Any:
    """The JSON in file ``path`` (UTF-8, with or without a byte order mark),
    read through the guarded reader, as every door into Python is."""
    try:
        with open(path, "rb") as f:
            data = f.read(limits.MAX_INFLATED_BYTES + 1)
    except OSError as e:
        raise SetupError(f"{path}: cannot read ({e.strerror})") from None
    return jsonread.loads(data, path, "the file")


def _import(path: str, session: api.Session) -> None:
    """A board or overlay file read into the command's session."""
    try:
        with open(path, "rb") as f:
            data = f.read(limits.MAX_ARCHIVE_BYTES + 1)
    except OSError as e:
        raise SetupError(f"{path}: cannot read ({e.strerror})") from None
    api.check_board_size(len(data))
    api.import_board(data, session=session)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m pycore",
                                description="ASL LOS, Hindrance, TEM and Wall Advantage.")
    p.add_argument("--import", dest="files", action="append", default=[], metavar="FILE",
                   help="a VASL board or overlay file the setup's map names (repeat for each)")
    sub = p.add_subparsers(dest="cmd", required=True)
    for name, a, b in (("los", "VIEWER", "TARGET"), ("fire", "FIRER", "TARGET")):
        sp = sub.add_parser(name)
        sp.add_argument("setup")
        sp.add_argument(a.lower(), metavar=a, help="unit id or hex name")
        sp.add_argument(b.lower(), metavar=b, help="unit id or hex name")
        if name == "fire":
            sp.add_argument("--indirect", action="store_true", help="Indirect Fire (B9.34)")
    sp = sub.add_parser("wa")
    sp.add_argument("setup")
    sp = sub.add_parser("visibility")
    sp.add_argument("setup")
    sp.add_argument("viewer", metavar="VIEWER")
    sp = sub.add_parser("seen", help="who sees TARGET (an analysis aid, A6.11)")
    sp.add_argument("setup")
    sp.add_argument("target", metavar="TARGET", help="unit id or hex name")
    sp.add_argument("--steps", action="store_true", help="each viewer's ruling steps")
    sp = sub.add_parser("coverage", help="how many of SIDE's units see each hex (A6.11)")
    sp.add_argument("setup")
    sp.add_argument("side", metavar="SIDE")
    sp.add_argument("--level", type=int, default=0, help="a unit at this building level")
    sp.add_argument("--at", metavar="HEX", help="each viewer's ruling of this hex, with steps")
    sp = sub.add_parser("move")
    sp.add_argument("setup")
    sp.add_argument("unit", metavar="UNIT")
    sp.add_argument("from_hex", metavar="FROM")
    sp.add_argument("to_hex", metavar="TO")
    args = p.parse_args(argv)
    session = api.Session()      # the command's own: only the files given
    try:
        for path in args.files:
            _import(path, session)
        setup = _read(args.setup)
        if args.cmd == "los":
            out = api.los(setup, args.viewer, args.target, session=session)
        elif args.cmd == "fire":
            out = api.fire(setup, args.firer, args.target, args.indirect, session=session)
        elif args.cmd == "wa":
            out = api.wall_advantage(setup, session=session)
        elif args.cmd == "visibility":
            out = api.visibility(setup, args.viewer, session=session)
        elif args.cmd == "seen":
            out = api.seen_by(setup, args.target, args.steps, session=session)
        elif args.cmd == "coverage":
            out = api.coverage(setup, args.side, args.level, args.at, session=session)
        else:
            out = api.move_cost(setup, args.unit, args.from_hex, args.to_hex, session=session)
    except SetupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
