"""The review's words and colours, shared by the review screen and its HTML page: the UI texts
(``review.*``), each verdict's colour, a measured cost said as a cost or a gain, both choices'
playout figures, and "you" or the player's name.

    cost_text(item, "en")                       # 'cost 15.8 (12.3 to 19.2)'
    said_of("review.you_pc", "en", "P2", chosen="pass", suggested="win")
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import register_texts

from .i18n import tr
from .widgets import DIM, RED_TEXT

if TYPE_CHECKING:
    from game.practice.game_review import ReviewedDecision

register_texts("ui", {
    "review.title": "Review of your game",
    "review.title_player": "Review of {name}'s game",
    "review.working": "Reviewing: {stage}",
    "review.stage_decisions": "asking the computer, hand {done} of {total}",
    "review.stage_playouts": "playing out the disagreements: {done} of {total}",
    "review.starting": "Starting…",
    "review.left_s": "about {n} s left",
    "review.left_min": "about {n} min left",
    "review.waiting": "The first verdicts appear here as they are measured.",
    "review.stopped": ("Cancelled: the {n} verdict measured so far is kept here; the rest were "
                       "not measured.",
                       "Cancelled: the {n} verdicts measured so far are kept here; the rest were "
                       "not measured."),
    "review.cancel": "Cancel",
    "review.back": "Back",
    "review.open": "Show in the replay",
    "review.summary_head": "How it went",
    "review.figures_head": "The figures",
    "review.none": "You chose what the computer would at every decision.",
    "review.row": "Hand {hand} · {wind} · {kind}",
    "review.you_pc": "you: {chosen} · computer: {suggested}",
    "review.cost_lost": "cost {cost} ({low} to {high})",
    "review.cost_gain": "gain {cost} ({low} to {high})",
    "review.cost_even": "no difference ({low} to {high})",
    "review.help": ("Up/Down choose · Left/Right hand · N/P next mistake · Enter replay · A all · "
                    "F figures · Esc back"),
    "review.help_all": ("Up/Down choose · Left/Right hand · N/P next mistake · Enter replay · "
                        "A mistakes only · F figures · Esc back"),
    "review.only_fine": ("No mistakes: your {n} other choice was fine (A shows it).",
                         "No mistakes: your {n} other choices were fine (A shows them)."),
    "review.help_working": "Up/Down choose · Enter show in the replay · Esc cancel",
    "review.help_stopped": "Up/Down choose · Enter show in the replay · Esc back",
    "review.help_figures": "Up/Down choose · Enter show in the replay · F summary · Esc back",
    "review.failed": "The review stopped: {why}",
    "review.figures": ("{choice}: {points} points per hand, wins {win}%, deal-ins {deal}% ({n} playout)",
                       "{choice}: {points} points per hand, wins {win}%, deal-ins {deal}% ({n} playouts)"),
    "review.choice_you": "your choice",
    "review.bar_value": "{points} ({low} to {high})",
    "review.not_measured": "Not played out: the same choice as the computer's, or not measured.",
    "review.why": "The computer's view: {why}",
    "review.why_versus": "Why the computer chose otherwise: {why}",
    "review.why_note": "The computer's own note: {why}",
    "review.choice_pc": "the computer's",
    "review.you": "You",
    # the same texts for a review of another player than the record's person: named
    "review.none_named": "{name} chose what the computer would at every decision.",
    "review.you_pc_named": "{name}: {chosen} · computer: {suggested}",
    "review.only_fine_named": ("No mistakes: {name}'s {n} other choice was fine (A shows it).",
                               "No mistakes: {name}'s {n} other choices were fine (A shows "
                               "them)."),
    "review.choice_you_named": "{name}'s choice",
    "review.timeline_head": "Points, hand by hand",
    "review.timeline_marked": "▼ the hands your choices cost most",
    "review.timeline_marked_player": "▼ the hands {name}'s choices cost most",
    "review.timeline_none": "No hand was finished.",
    "review.board_claimed": "On the table: {tile}, discarded by {seat}",
    "review.board_drawn": "Drawn: {tile}",
})

#: verdict -> colour of its word
VERDICT_COLOUR = {"fine": (150, 230, 160), "inaccuracy": (236, 210, 120), "mistake": (240, 160, 90),
                  "blunder": RED_TEXT, "unclear": DIM}


def said_of(key: str, lang: str, name: str | None, **fmt: Any) -> str:
    """A text that says "you" to the record's person, or names the player (`name`) when the
    review was asked for another one (``key + "_named"``)."""
    if name is None:
        return tr(key, lang, **fmt)
    return tr(key + "_named", lang, name=name, **fmt)


def sentence(text: str) -> str:
    """A sentence begins with a capital (a category's word begins some: "defence: ...")."""
    return text[:1].upper() + text[1:]


def _num(x: float) -> str:
    return f"{x:.1f}" if abs(x) >= 0.05 else "0.0"


def cost_text(item: ReviewedDecision, lang: str) -> str:
    """A measured decision's cost as a cost or a gain, never a negative loss: "cost 15.8
    (12.3 to 19.2)", "gain 2.0 (-0.5 to 4.5)" (the interval of what is named)."""
    if item.cost >= 0.05:
        return tr("review.cost_lost", lang, cost=f"{item.cost:.1f}", low=_num(item.low),
                  high=_num(item.high))
    if item.cost <= -0.05:
        return tr("review.cost_gain", lang, cost=f"{-item.cost:.1f}", low=_num(-item.high),
                  high=_num(-item.low))
    return tr("review.cost_even", lang, low=_num(item.low), high=_num(item.high))


def figures_lines(item: ReviewedDecision, lang: str, name: str | None = None) -> list[str]:
    """Both choices' playout figures, as the replay viewer shows them beside the decision."""
    out = []
    for key in ("chosen", "suggested"):
        r = item.figures.get(key)
        if r is None:
            continue
        label = said_of("review.choice_you", lang, name) if key == "chosen" else \
            tr("review.choice_pc", lang)
        out.append(tr("review.figures", lang, choice=label, points=f"{r.mean_points:+.1f}",
                      win=round(100 * r.win_rate), deal=round(100 * r.deal_in_rate), n=r.playouts))
    return out
