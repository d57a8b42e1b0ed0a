#!/usr/bin/env python3
"""Build, serve, test and benchmark the offline ASL LOS site.

    python build.py                 assemble the offline site in dist/
    python build.py serve [--port N] [--host ADDRESS] [--base /PATH/]
                                    build, then serve dist/ on 127.0.0.1:8000 (or ADDRESS:N, under /PATH/)
    python build.py test [ARGS]     install the test dependencies, build, run pytest
    python build.py bench [ARGS]    build, then run the browser benchmark

Stdlib only: it runs on a fresh machine with python3, node/npm and pip. The
Pyodide runtime comes from the npm registry and the wheels from PyPI, pinned
and cached under .cache/. Every .py file the browser imports (the standard
library and the app) is shipped as bytecode compiled by that same Pyodide, run
once under node, so the browser never compiles Python at startup.

This file is the command line; each job is a module of buildsite/ (see its
__init__). The names below are the ones tests and scripts use as `build.X`.
"""
from __future__ import annotations

import argparse
import subprocess
import sys

from buildsite import CACHE, ROOT, log, sha256  # noqa: F401  (build.X for callers)
from buildsite.page import CSP, CSP_HEADER_ONLY, CSP_PLACEHOLDER, csp, security_headers, with_csp  # noqa: F401
from buildsite.runtime import PYODIDE_VERSION, pinned_wheels, pyodide_dir  # noqa: F401
from buildsite.serve import (_CSP_META, QuietServer, SiteHandler, make_server,  # noqa: F401
                             serve, served_csp, site_base)
from buildsite.site import build  # noqa: F401
from buildsite.testdeps import TEST_REQUIREMENTS, install_test_dependencies  # noqa: F401
from buildsite.wheels import app_packages, app_sources  # noqa: F401


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1",
                              help="address to listen on, e.g. 0.0.0.0 for a local network")
    serve_parser.add_argument("--base", default="/",
                              help="serve the site under this sub-path, e.g. /asl-los/")
    sub.add_parser("test", help="install test dependencies, build, run pytest [ARGS]")
    sub.add_parser("bench", help="build, then run the browser benchmark [ARGS]")
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in ("test", "bench"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.command == "serve":
        serve(args.port, args.host, args.base)
        return 0
    if args.command in ("test", "bench"):
        install_test_dependencies()
        build()
        if args.command == "bench":
            return subprocess.call([sys.executable, str(ROOT / "tests/browser/bench.py"), *rest])
        return subprocess.call([sys.executable, "-m", "pytest", *(rest or ["tests"])], cwd=ROOT)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
