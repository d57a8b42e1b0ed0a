"""web: the Python that runs only in the browser (Pyodide).

``web.bridge`` is what the page's JavaScript calls; ``web.render`` draws the
SVG map from ``pycore.geometry``. Neither is needed by the rules core.
"""
