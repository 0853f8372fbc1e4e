"""The pure rules engine: no pygame, no `ai` imports, deterministic from a seed.

Modules: `tiles` (encoding and notation), `rules` (RuleSet and presets), `melds`,
`errors`, `hand` (decomposition, shanten, waits, acceptance), `scoring` (yak, payments,
uper legality, sacred discard), and the table (wall, dice, deal, turn flow, claims, events).
"""
