"""Play without peeking: what a player knows (`View`), blind policies, and games and hints
built on them (docs/blind.md).

This package reaches the open search only through its public entry points."""
