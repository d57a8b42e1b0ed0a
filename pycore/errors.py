"""The one error the public interface raises for bad input."""


class SetupError(ValueError):
    """Bad input: a malformed setup, link, viewer or target.

    The message always names the offending field, e.g.
    ``hexsides["A1-C5"]: A1 and C5 are not adjacent``.
    """
