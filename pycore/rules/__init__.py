"""The rules: LOS and Hindrance, TEM, Wall Advantage, movement, who sees what."""
