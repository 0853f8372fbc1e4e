"""Computer seats. Every seat (human front end, random, heuristic, external) speaks one protocol:
`ai.base.Seat` (`name`, `act(decision) -> Action`, `observe(event)`, `explain()`)."""
