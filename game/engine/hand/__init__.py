"""Hand analysis: winning shapes, shanten, waits and tile acceptance (pure functions on counts)."""
