"""The map's terrain: what each hex and hexside is, and from which layer."""
