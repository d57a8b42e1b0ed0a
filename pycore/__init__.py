"""pycore: the pure-Python ASL rules core (LOS, Hindrance, TEM, Wall Advantage).

No third-party imports, no I/O: it runs the same on CPython and in Pyodide.
"""
from .errors import SetupError

__all__ = ["SetupError"]
