"""Learning tools on top of the engine and the AI: game records, hints, uper-timing practice,
review and statistics. Pure Python (no pygame): every function returns plain data for the UI.

* `records`: every game as a JSON-lines log in the user's data directory (`RecordWriter`,
  `list_records`, `load_record`, `prune_records`, `check_record`, `transcript`);
* `hints`: shanten, acceptance, waits, danger and sacred discard of one observation;
* `uper_practice`: generated ready positions, declare / silent / fold compared by playouts,
  and `PracticeGame` with undo;
* `review`: the uper decisions of a practice session, costliest mistake first;
* `stats`: statistics over the records.
"""
