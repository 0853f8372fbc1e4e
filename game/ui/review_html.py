"""The review as one standalone HTML file a player can keep or share (issue 33):
``korean-mahjong review FILE --html OUT``.

    html = review_html(review, record, app)          # the text of the page, in app.lang
    write_review_html("review.html", review, record, app)

One file, nothing fetched: the style inline (with the game's own font, Hangul included), the
points timeline drawn as inline SVG (each hand a link to its first decision), the table at each
decision that matters as a PNG data URI drawn by the review screen's own board
(`review_board.DecisionBoard`, the table's drawing), the bars of both choices as inline SVG.
Every word comes from the catalogues in the player's language (the screen's texts and the
review's messages), and everything written into the page is escaped: a record's player names
are the record's, not ours (a name like ``<script>`` stays text).
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import storage
from game.i18n import action_text, register_texts, render, seat_name

from .i18n import tr
from .review_board import PLAYER_COLOURS, DecisionBoard, board_caption, reason_text
from .review_words import VERDICT_COLOUR, cost_text, said_of

if TYPE_CHECKING:
    from game.practice.game_review import GameReview, ReviewedDecision, TimelineHand
    from game.records import Record

register_texts("ui", {
    "review.html_decisions": "The decisions that matter, worst first",
    "review.html_fine": ("{n} other choice unlike the computer's was fine.",
                         "{n} other choices unlike the computer's were fine."),
    "review.html_board": "The table in hand {hand}",
    "review.html_made": "Made by Korean 2-Point Mahjong {version} from {record}.",
    "review.html_more": ("… and {n} more decision (the review screen lists every one).",
                         "… and {n} more decisions (the review screen lists every one)."),
})

#: decisions drawn with their board (the worst first); the rest are listed without it
BOARDS = 24
#: the board pictures' size (a PNG each: about 150-250 kB)
BOARD_SIZE = (640, 400)
#: decisions listed at all
SHOWN = 60

STYLE = """
body{margin:0;background:#0d3326;color:#f2f2ea;font:16px/1.45 "KMJ UI","Noto Sans KR",
  "Noto Sans","Apple SD Gothic Neo","Malgun Gothic",sans-serif}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{color:#f0cd5a;margin:0 0 12px}h2{color:#f0cd5a;font-size:1.15em;margin:26px 0 8px}
.summary p{margin:4px 0}.habit{color:#f0cd5a}.stop{color:#f0a05a}.dim{color:#a9b8b0}
.panel{background:#0c2a1e;border:1px solid #2f6b52;border-radius:10px;padding:12px 16px}
.decision{margin:14px 0}.decision h3{margin:0 0 4px;font-size:1.05em;display:flex;
  justify-content:space-between;gap:12px}
.decision img{display:block;max-width:100%;height:auto;border-radius:6px;margin:8px 0}
.row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}.row>div{flex:1 1 320px}
.fine{color:#96e6a0}.inaccuracy{color:#ecd278}.mistake{color:#f0a05a}.blunder{color:#ff7a6e}
.unclear{color:#a9b8b0}svg text{font-family:inherit}a{color:inherit}
"""

#: verdict -> its colour (the screen's)
COLOURS = {"fine": "#96e6a0", "inaccuracy": "#ecd278", "mistake": "#f0a05a",
           "blunder": "#ff7a6e", "unclear": "#a9b8b0"}
GOLD = "#f0cd5a"
#: the summary's sentences set apart in gold: the habit to work on
HABIT_CODES = ("game_review.sum.habit", "game_review.sum.no_habit", "game_review.sum.all_agreed")


def font_face() -> str:
    """The game's own UI face (Hangul included) as an inline ``@font-face``: the page reads in
    Korean on a machine without a Korean font too ("" when the font cannot be read)."""
    from .assets import UI_FONT

    found = storage.read_bytes(UI_FONT, 4 << 20)
    if found.data is None:
        return ""
    data = base64.b64encode(found.data).decode("ascii")
    return f'@font-face{{font-family:"KMJ UI";src:url(data:font/otf;base64,{data}) ' \
        'format("opentype")}'


def esc(text: object) -> str:
    """Text for the page: every ``<``, ``>``, ``&`` and quote escaped (names are hostile)."""
    return html.escape(str(text), quote=True)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def timeline_svg(hands: Sequence[TimelineHand], player: int, names: Sequence[str],
                 marked: Sequence[int], anchors: dict[int, str], width: int = 1040,
                 height: int = 220) -> str:
    """The points timeline as inline SVG: the player's points per hand as bars, every
    player's running total as a line, the marked hands with a red triangle, each hand's column
    a link to its first decision (`anchors`: hand -> element id)."""
    if not hands:
        return ""
    label_w = 130
    x0, y0, w, h = 10, 24, width - 20 - label_w, height - 50
    totals = [t for hd in hands for t in hd.totals] + [0]
    pts = [hd.points[player] for hd in hands]
    top, low = max(1, *totals, *pts), min(-1, *totals, *pts)

    def y(v: float) -> float:
        return round(y0 + h - (v - low) * h / (top - low), 1)

    col = w / len(hands)
    out = [f'<svg viewBox="0 0 {width} {height}" width="100%" role="img" '
           f'xmlns="http://www.w3.org/2000/svg">',
           f'<line x1="{x0}" y1="{y(0)}" x2="{x0 + w}" y2="{y(0)}" stroke="#a9b8b0"/>']
    for k, hd in enumerate(hands):
        cx = x0 + (k + 0.5) * col
        p = hd.points[player]
        fill = "#6ed282" if p > 0 else "#ec6e64" if p < 0 else "#a9b8b0"
        bar = f'<rect x="{round(cx - col / 4, 1)}" y="{min(y(0), y(p))}" ' \
              f'width="{round(col / 2, 1)}" height="{max(1.0, abs(y(p) - y(0)))}" fill="{fill}"/>'
        body = [f'<rect x="{round(x0 + k * col, 1)}" y="0" width="{round(col, 1)}" '
                f'height="{height}" fill="transparent"/>', bar,
                f'<text x="{round(cx, 1)}" y="{height - 8}" text-anchor="middle" font-size="13" '
                f'fill="{"#ffffff" if hd.hand in marked else "#a9b8b0"}">{hd.hand}</text>']
        if hd.hand in marked:
            body.append(f'<polygon points="{cx - 7},4 {cx + 7},4 {cx},14" fill="#f05a50"/>')
        if hd.hand in anchors:
            out.append(f'<a href="#{esc(anchors[hd.hand])}">{"".join(body)}</a>')
        else:
            out.append("".join(body))
    ends = []
    for s in [s for s in range(4) if s != player] + [player]:
        line = [(x0, y(0))] + [(round(x0 + (k + 0.5) * col, 1), y(hd.totals[s]))
                               for k, hd in enumerate(hands)]
        colour = GOLD if s == player else "#{:02x}{:02x}{:02x}".format(*PLAYER_COLOURS[s])
        points = " ".join(f"{a},{b}" for a, b in line)
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   f'stroke-width="{3 if s == player else 1.5}"/>')
        ends.append((line[-1][1], s, colour))
    prev = -1e9
    for yy, s, colour in sorted(ends):
        yy = max(yy, prev + 15)
        prev = yy
        weight = ' font-weight="bold"' if s == player else ""
        out.append(f'<text x="{x0 + w + 8}" y="{round(yy + 5, 1)}" font-size="13" '
                   f'fill="{colour}"{weight}>{esc(names[s])}</text>')
    out.append("</svg>")
    return "".join(out)


def bars_svg(item: ReviewedDecision, lang: str, notation: bool = False,
             name: str | None = None) -> str:
    """Both choices' average points in the playouts with their 95 % intervals (the screen's
    bars) as inline SVG; "" when the decision was not played out."""
    rows = [(k, item.figures[k]) for k in ("chosen", "suggested") if k in item.figures]
    if not rows:
        return ""
    span = max(1.0, *(max(abs(r.points_ci[0]), abs(r.points_ci[1])) for _, r in rows))
    width, zero, half = 460, 140, 110
    out = [f'<svg viewBox="0 0 {width} {len(rows) * 46}" width="100%" '
           f'xmlns="http://www.w3.org/2000/svg">']
    for n, (key, r) in enumerate(rows):
        colour = GOLD if key == "suggested" else COLOURS.get(item.verdict, "#ffffff")
        action = item.suggested if key == "suggested" else item.chosen
        who = tr("review.choice_pc", lang) if key == "suggested" else \
            said_of("review.choice_you", lang, name)
        label = _sentence(f"{who}: {action_text(action, lang, notation=notation)}")
        y = n * 46
        x = zero + half * r.mean_points / span
        lo, hi = (zero + half * v / span for v in r.points_ci)
        value = tr("review.bar_value", lang, points=f"{r.mean_points:+.1f}",
                   low=f"{r.points_ci[0]:+.1f}", high=f"{r.points_ci[1]:+.1f}")
        out += [f'<text x="0" y="{y + 14}" font-size="14" fill="{colour}">{esc(label)}</text>',
                f'<line x1="{zero}" y1="{y + 20}" x2="{zero}" y2="{y + 42}" stroke="#a9b8b0"/>',
                f'<rect x="{round(min(x, zero), 1)}" y="{y + 25}" '
                f'width="{round(max(2.0, abs(x - zero)), 1)}" height="12" rx="3" '
                f'fill="{colour}"/>',
                f'<line x1="{round(lo, 1)}" y1="{y + 31}" x2="{round(hi, 1)}" y2="{y + 31}" '
                f'stroke="#ffffff"/>',
                f'<text x="{width}" y="{y + 36}" font-size="13" text-anchor="end" '
                f'fill="{colour}">{esc(value)}</text>']
    out.append("</svg>")
    return "".join(out)


def _png(surface: pygame.Surface) -> str:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "png")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def review_html(review: GameReview, record: Record | None, app: Any,
                named: bool = False) -> str:
    """The page, in ``app.lang``. `named`: the review was asked for another player than the
    record's person (he is named, not "you"). `record` None: no boards, no timeline."""
    from game.practice.game_review import KIND_WORDS, VERDICT_WORDS, costliest, timeline

    name = review.player_name if named and review.player_name else None

    lang, notation = app.lang, getattr(app, "notation", False)
    you = review.player_name if named and review.player_name else tr("review.you", lang)
    title = tr("review.title_player", lang, name=review.player_name) if named else \
        tr("review.title", lang)
    parts = [f'<!DOCTYPE html><html lang="{esc(lang)}"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{esc(title)}</title><style>{font_face()}{STYLE}</style></head>"
             "<body><main>",
             f"<h1>{esc(title)}</h1>",
             f'<h2>{esc(tr("review.summary_head", lang))}</h2><div class="summary panel">']
    for m in review.summary(name):
        cls = "habit" if m.code in HABIT_CODES else \
            "stop" if m.code.startswith("game_review.covers") else ""
        parts.append(f'<p class="{cls}">{esc(_sentence(app.reason(m)))}</p>')
    parts.append("</div>")
    shown = [i for i in review.disagreements() if i.verdict != "fine"][:SHOWN]
    observed: dict[tuple[int, int], Any] = {}  # each decision's table, rebuilt once
    anchors: dict[int, str] = {}
    for k, i in enumerate(shown):
        anchors.setdefault(i.hand, f"d{k + 1}")
    if record is not None:
        hands = timeline(record, review)
        if hands:
            names = list(record.players)
            names[review.player] = you
            marked = costliest(hands)
            parts.append(f'<h2>{esc(tr("review.timeline_head", lang))}</h2><div class="panel">')
            parts.append(timeline_svg(hands, review.player, names, marked, anchors))
            if marked:
                key = "review.timeline_marked_player" if named else "review.timeline_marked"
                parts.append(f'<p class="blunder">{esc(tr(key, lang, name=you))}</p>')
            parts.append("</div>")
    parts.append(f'<h2>{esc(tr("review.html_decisions", lang))}</h2>')
    if not shown:
        fine = len(review.disagreements())
        text = said_of("review.only_fine", lang, name, n=fine) if fine else \
            said_of("review.none", lang, name)
        parts.append(f'<p class="panel">{esc(text)}</p>')
    board = DecisionBoard(app)
    for k, i in enumerate(shown):
        head = tr("review.row", lang, hand=i.hand, wind=seat_name(i.seat, lang),
                  kind=render(KIND_WORDS[i.kind](), lang))
        verdict = render(VERDICT_WORDS[i.verdict](), lang)
        cost = cost_text(i, lang) if i.measured else ""
        parts.append(f'<section class="decision panel" id="d{k + 1}"><h3><span>{esc(head)}'
                     f'</span><span class="{esc(i.verdict)}">{esc(verdict)} {esc(cost)}</span>'
                     f"</h3>")
        sub = said_of("review.you_pc", lang, name,
                      chosen=action_text(i.chosen, lang, notation=notation),
                 suggested=action_text(i.suggested, lang, notation=notation))
        parts.append(f'<div class="dim">{esc(sub)}</div><div class="row">')
        if record is not None and k < BOARDS and 0 < i.hand <= len(record.hands):
            pic = board.render(record.hands[i.hand - 1], i, BOARD_SIZE,
                               VERDICT_COLOUR.get(i.verdict, (255, 255, 255)), you)
            if not board.error:
                alt = tr("review.html_board", lang, hand=i.hand)
                parts.append(f'<div><img src="{_png(pic)}" alt="{esc(alt)}" '
                             f'width="{BOARD_SIZE[0]}" height="{BOARD_SIZE[1]}"></div>')
        parts.append("<div>")
        if record is not None:
            caption = board_caption(record, i, lang, notation, observed)
            if caption:
                parts.append(f"<p>{esc(caption)}</p>")
        bars = bars_svg(i, lang, notation, name)
        parts.append(bars or f'<p class="dim">{esc(tr("review.not_measured", lang))}</p>')
        if record is not None:  # the reason in plain words; the program's own note on hover
            why = reason_text(record, i, lang, notation, observed)
            note = reason_text(record, i, lang, notation, observed, figures=True)
            if why or note:
                parts.append(f'<p class="dim" title="{esc(note)}">{esc(why or note)}</p>')
        parts.append("</div></div></section>")
    more = len([i for i in review.disagreements() if i.verdict != "fine"]) - len(shown)
    if more > 0:
        parts.append(f'<p class="dim">{esc(tr("review.html_more", lang, n=more))}</p>')
    fine = sum(1 for i in review.disagreements() if i.verdict == "fine")
    if fine and shown:
        parts.append(f'<p class="dim">{esc(tr("review.html_fine", lang, n=fine))}</p>')
    parts.append(f'<h2>{esc(tr("review.figures_head", lang))}</h2><div class="panel dim">')
    parts += [f"<p>{esc(_sentence(app.reason(m)))}</p>" for m in review.figures(name)]
    parts.append("</div>")
    made = tr("review.html_made", lang, version=review.version, record=review.record)
    parts.append(f'<p class="dim">{esc(made)}</p></main></body></html>\n')
    return "".join(parts)


def write_review_html(path: str | Path, review: GameReview, record: Record | None, app: Any,
                      named: bool = False) -> Path:
    """Write the page to `path` (atomically, `game.storage.write_text`; raises
    `storage.StorageError` when it cannot)."""
    return storage.write_text(path, review_html(review, record, app, named))
