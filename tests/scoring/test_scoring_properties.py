"""Invariants of evaluate_win and payments over random complete hands and random situations."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.melds import CONCEALED_KONG, KONG, PUNG, Meld
from game.engine.rules import RuleSet
from game.engine.scoring import YAK, WinContext, evaluate_win, payments

SEQ_STARTS = [b + i for b in (0, 9) for i in range(7)]


@st.composite
def winning_hands(draw):
    counts = [0] * 25
    melds = []
    concealed: list[int] = []
    pair = draw(st.integers(0, 24))
    counts[pair] += 2
    concealed += [pair, pair]
    for _ in range(4):
        kind = draw(st.sampled_from(["seq", "pung", "meld"]))
        if kind == "seq":
            s = draw(st.sampled_from(SEQ_STARTS))
            if any(counts[s + i] >= 4 for i in range(3)):
                continue
            for i in range(3):
                counts[s + i] += 1
            concealed += [s, s + 1, s + 2]
        else:
            k = draw(st.integers(0, 24))
            if counts[k]:
                continue
            if kind == "pung":
                counts[k] += 3
                concealed += [k, k, k]
            else:
                t = draw(st.sampled_from([PUNG, KONG, CONCEALED_KONG]))
                counts[k] += 3 if t == PUNG else 4
                melds.append(Meld(t, k, None if t == CONCEALED_KONG else draw(st.integers(1, 3))))
    if len(concealed) + 3 * len(melds) != 14:
        # a set was skipped: fill with a pung of an unused honour or suit kind
        free = [k for k in range(25) if counts[k] == 0]
        while len(concealed) + 3 * len(melds) < 14:
            k = free.pop(draw(st.integers(0, len(free) - 1)))
            counts[k] += 3
            concealed += [k, k, k]
    win = draw(st.sampled_from(sorted(set(concealed))))
    return concealed, win, tuple(melds)


@settings(max_examples=300, deadline=None)
@given(winning_hands(), st.booleans(), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)),
       st.integers(0, 4), st.booleans(), st.booleans(), st.sampled_from(["nagari", "samsiki",
                                                                          "keopihyang"]))
def test_invariants(hand, self_draw, seat, prevalent, flowers, last, doubled, preset):
    concealed, win, melds = hand
    melds = tuple(Meld(m.type, m.tile, None if m.from_seat is None else (seat + m.from_seat) % 4)
                  for m in melds)
    discarder = None if self_draw else (seat + 1) % 4
    uper = all(not m.is_open for m in melds) and flowers % 2 == 0
    ctx = WinContext(concealed=tuple(concealed), win_tile=win, melds=melds, self_draw=self_draw,
                     seat=seat, prevalent=prevalent, discarder=discarder, uper=uper,
                     flowers=flowers, last_tile=last, doubled=doubled)
    rules = RuleSet(preset=preset)
    res = evaluate_win(ctx, rules)
    assert res.groups  # every generated hand is a winning shape
    keys = {y.key for y in res.yak}
    for y in res.yak:
        assert not (set(YAK[y.key].replaces) & keys), f"{y.key} should have replaced"
        assert y.points == rules.points(y.key) * y.count
    assert res.basic == sum(y.points for y in res.yak if y.kind == "basic")
    assert res.bonus == sum(y.points for y in res.yak if y.kind == "bonus")
    assert res.valid == (res.basic >= 2)
    assert res.total == (10 + res.basic + res.bonus if res.valid else 0)
    assert "korean_dora" in keys  # the winning tile is always there
    pay = payments(res, ctx, rules)
    assert sum(pay.values()) == 0
    if res.valid:
        assert pay[seat] > 0
        assert all(v <= 0 for s, v in pay.items() if s != seat)
    else:
        assert set(pay.values()) == {0}


@settings(max_examples=300, deadline=None)
@given(winning_hands(), st.booleans(), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)))
def test_a_reading_built_for_the_scorer_states_the_facts_its_properties_define(
        hand, self_draw, seat, prevalent):
    # Reading.build works the facts out at once (the yak tests read them thirty-odd times); each
    # must be what its cached property, the definition, says
    from functools import cached_property

    from game.engine.hand.decompose import decompositions
    from game.engine.scoring.reading import Reading

    concealed, win, melds = hand
    melds = tuple(Meld(m.type, m.tile, None if m.from_seat is None else (seat + m.from_seat) % 4)
                  for m in melds)
    ctx = WinContext(concealed=tuple(concealed), win_tile=win, melds=melds, self_draw=self_draw,
                     seat=seat, prevalent=prevalent,
                     discarder=None if self_draw else (seat + 1) % 4)
    facts = {name: p for name, p in vars(Reading).items() if isinstance(p, cached_property)}
    assert len(facts) == 10
    counts = [0] * 25
    for k in concealed:
        counts[k] += 1
    for d in decompositions(counts):
        r = Reading.build(ctx, RuleSet(), d)
        for name, prop in facts.items():
            assert name in vars(r), name  # stated, not left to the property
            assert vars(r)[name] == prop.func(r) and type(vars(r)[name]) is type(prop.func(r))
