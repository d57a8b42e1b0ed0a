"""The build id of this site: written into the wheel by build.py (web._build),
"dev" when run from a checkout. web.bridge reports it (the worker checks it
is its own) and web.card prints it on a ruling card."""
from __future__ import annotations

try:
    from web._build import BUILD_ID
except ImportError:
    BUILD_ID = "dev"

__all__ = ["BUILD_ID"]
