"""An event's bracket drawn server-side as inline SVG: single and double elimination and the
bracket after a pools event's pools (spec/events.md), from the events library's own tree.

    bracket_svg(record, names) -> Markup

`record` is an event record of a bracket format; `names` maps an entrant's index to the name
shown. A record the library refuses, or one without a bracket, raises ValueError (with the
library's sentence). draw_bracket(event, names) draws an event already parsed.

Columns are the event's rounds, so a double elimination's losers' bracket (below the winners')
lines up in time with it and the final stands to the right. Each match is a box numbered M1,
M2... in playing order: both sides (a seed's number or its pool place, the name, the games it
won in the match), the winner in bold with a check mark and a bar (never colour alone), a bye
as "bye", a side not known yet as "Winner of M3" / "Loser of M2" / "Pool A, 1st". Colours come
from app.css's variables through classes (static/css/events.css), so dark mode follows the
page; the SVG keeps its natural size and scrolls inside `.bracket-scroll`, never the page.
Every name is escaped.
"""
from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from scorekeeper import i18n, render_cache, tournament
from scorekeeper.rules.text import N_, Text
from scorekeeper.tournament.brackets import EMPTY, Bracket, Node, occupied
from scorekeeper.tournament.event import Event, EventInvalid, game_wins
from scorekeeper.tournament.ranking import Pools, event_bracket

from .placing import pool_name

BOX_W, ROW_H, LABEL_H, GAP_Y, COL_GAP, PAD, HEAD = 232, 32, 20, 20, 40, 14, 30
SLOT = LABEL_H + 2 * ROW_H + GAP_Y
SECTION_GAP = 36
NAME_CHARS = 19  # what fits beside the seed and the games won at 15 px
SECTIONS = ("winners", "losers", "final")
TITLES = {"winners": N_("Winners' bracket"), "losers": N_("Losers' bracket")}
KINDS = {"pools": N_("The bracket after the pools"), "single-elimination": N_("Single elimination"),
         "double-elimination": N_("Double elimination")}
BYE = N_("bye")


def bracket_svg(record: Any, names: list[str]) -> Markup:
    """The bracket of an event record, drawn (see above); ValueError for a refused record."""
    try:
        return draw_bracket(tournament.parse_event(record), names)
    except EventInvalid as error:
        raise ValueError(error.message) from None


def draw_bracket(event: Event, names: list[str], tree: Bracket | Pools | None = None) -> Markup:
    """bracket_svg() of an event already parsed (tournament.parse_event), for a page that
    derives the standings from the same parse: scoring every game is the costly part (and
    `tree`, its event_bracket, when the page has it already)."""
    if not event.bracket:
        raise ValueError(f"A {event.format} event has no bracket.")
    if tree is None:
        tree = event_bracket(event)  # EventInvalid: a recorded match the bracket does not seat
    if isinstance(tree, Pools):
        return Drawing(event, tree.bracket, names, len(tree.members)).svg()
    return Drawing(event, tree, names, 0).svg()


class SaidBracket:
    """An event's bracket drawn when a page shows it, in that page's language, once per
    language: the event's context (events/live.py) is shared by every phone at a stamp,
    whatever language each reads."""

    def __init__(self, event: Event, names: list[str], tree: Bracket | Pools):
        self.event, self.names, self.tree = event, names, tree
        self.drawn: dict[str, Markup] = {}

    def __html__(self) -> str:
        language = i18n.language()
        if language not in self.drawn:
            self.drawn[language] = render_cache.kept_piece(
                ("bracket", shown_in_bracket(self.event, self.names)),
                lambda: draw_bracket(self.event, self.names, self.tree))
        return self.drawn[language]


def shown_in_bracket(event: Event, names: list[str]) -> tuple:
    """What a bracket's drawing shows, as plain data (the key it is kept by: most hands change
    no bracket, and a 256-place one takes 12 ms to draw): the event's entrants, settings, draws
    and withdrawals, and each match's place, entrants and finished games' winners and totals
    (the pools' places after them); a game being played shows nowhere in it."""
    return (event.format, event.name, repr(event.settings), repr(event.entrants), tuple(names),
            event.draws, event.withdrawn,
            [(m.round, m.table, m.entrants, m.bye, m.forfeit, m.bracket, m.pool, m.playoff,
              [(g.get("winners"), g.get("totals")) if g.get("finished") else None
               for g in m.games]) for m in event.matches])


# The winners' rounds before the rest, from the last: each name whole (a language's own words).
STAGES = (N_("Final"), N_("Semi-finals"), N_("Quarter-finals"))
WINNERS_STAGES = (N_("Winners' final"), N_("Winners' semi-finals"), N_("Winners' quarter-finals"))


def round_names(tree: Bracket | Pools) -> dict[int, Text]:
    """Each bracket round as players say it: the final, the semi-finals, the quarter-finals,
    the round of 16...; in a double elimination the winners' and the losers' rounds (the
    losers' bracket plays two rounds a level: its rounds are counted) and the final."""
    bracket = tree.bracket if isinstance(tree, Pools) else tree
    double = any(n.bracket == "losers" for n in bracket.nodes)
    last = {section: max(n.round for n in bracket.nodes if n.bracket == section)
            for section in {n.bracket for n in bracket.nodes}}
    first_losers = min((n.round for n in bracket.nodes if n.bracket == "losers"), default=0)
    names: dict[int, list[Text]] = {}
    for node in bracket.nodes:
        to_go = last[node.bracket] - node.round
        if node.bracket == "final":
            name = Text("Final") if node is bracket.final else Text("Final, replayed")
        elif node.bracket == "losers":
            name = (Text("Losers' final") if not to_go
                    else Text("Losers' round {number}", number=node.round - first_losers + 1))
        elif to_go < len(STAGES):
            name = Text((WINNERS_STAGES if double else STAGES)[to_go])
        elif double:
            name = Text("Winners' round of {count}", count=2 ** (to_go + 1))
        else:
            name = Text("Round of {count}", count=2 ** (to_go + 1))
        shown = names.setdefault(node.round, [])
        if name not in shown:
            shown.append(name)
    return {r: listed(shown) for r, shown in sorted(names.items())}


def listed(names: list[Text]) -> Text:
    """Names shown together ("Winners' final · Losers' round 3"), each said in its language."""
    if len(names) == 1:
        return names[0]
    template = " · ".join(f"{{n{i}}}" for i in range(len(names)))  # no sentence of its own
    return Text(template, **{f"n{i}": name for i, name in enumerate(names)})


def short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[:NAME_CHARS - 1].rstrip() + "…"


def ordinal(n: int) -> Text:
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return Text("{n}th", n=n)
    if n % 10 == 1:
        return Text("{n}st", n=n)
    return Text("{n}nd", n=n) if n % 10 == 2 else Text("{n}rd", n=n)


class Drawing:
    """The bracket's boxes laid out: x by round, y by section, each match between its two
    feeders (or on the next free slot of its column when nothing feeds it from the left)."""

    def __init__(self, event: Event, bracket: Bracket, names: list[str], pools: int):
        self.event, self.bracket, self.names, self.pools = event, bracket, names, pools
        self.shown = [n for n in bracket.nodes if any(occupied(i) for i in n.inputs)]
        rank = {node: i for i, node in enumerate(bracket.nodes)}
        order = sorted(self.shown, key=lambda n: (n.round, SECTIONS.index(n.bracket), rank[n]))
        self.number = {node: i + 1 for i, node in enumerate(order)}
        rounds = sorted({n.round for n in self.shown})
        self.column = {r: i for i, r in enumerate(rounds)}
        self.rounds = rounds
        self.round_names = round_names(bracket)
        self.y: dict[Node, float] = {}
        self.titles: list[tuple[str, float]] = []
        top = PAD + HEAD
        for section in ("winners", "losers"):
            nodes = [n for n in bracket.nodes if n.bracket == section]
            if event.format == "double-elimination" and nodes:
                self.titles.append((i18n.say(TITLES[section]), top + 14))
                top += 24
            top = self.place(nodes, top) + SECTION_GAP
        self.place([n for n in bracket.nodes if n.bracket == "final"], PAD + HEAD)
        self.width = 2 * PAD + len(rounds) * BOX_W + (len(rounds) - 1) * COL_GAP
        self.height = int(max(self.y[n] for n in self.shown) + LABEL_H + 2 * ROW_H + PAD)

    def place(self, nodes: list[Node], top: float) -> float:
        """Give each node its y; the bottom of the section."""
        slots: dict[int, int] = {}
        for node in nodes:
            feeders = [ref for kind, ref in node.inputs if kind == "winner" and ref in self.y]
            if feeders:
                self.y[node] = sum(self.y[f] for f in feeders) / len(feeders)
            else:
                col = node.round
                self.y[node] = top + slots.get(col, 0) * SLOT
                slots[col] = slots.get(col, 0) + 1
        return max((self.y[n] + LABEL_H + 2 * ROW_H for n in nodes), default=top)

    def x(self, node: Node) -> float:
        return self.column_x(node.round)

    def column_x(self, rnd: int) -> float:
        return PAD + self.column[rnd] * (BOX_W + COL_GAP)

    # text of a side ------------------------------------------------------------------------

    def seed_tag(self, index: int) -> str:
        """A seed's number, or after pools the pool place it comes from (A1, B2...)."""
        if self.pools:
            return f"{pool_name(index % self.pools + 1)}{index // self.pools + 1}"
        return str(index + 1)

    def waiting(self, source: tuple) -> str:
        kind, ref = source
        if kind == "seed":
            i = ref[1]
            return i18n.say(Text("Pool {pool}, {place}", pool=pool_name(i % self.pools + 1),
                                 place=ordinal(i // self.pools + 1)))
        if ref not in self.number:
            return i18n.say(BYE)
        number = self.number[ref]
        return i18n.say(Text("Winner of M{number}", number=number) if kind == "winner"
                        else Text("Loser of M{number}", number=number))

    def side(self, node: Node, s: int) -> dict:
        entrant, source = node.entrants[s], node.inputs[s]
        if entrant == EMPTY:
            return {"text": i18n.say(BYE), "tag": "", "wins": "", "state": "bye"}
        if not isinstance(entrant, int):
            return {"text": self.waiting(source), "tag": "", "wins": "", "state": "waiting"}
        match = node.match
        wins = ""
        if match is not None:
            wins = str(game_wins(self.event, match)[match.entrants.index(entrant)])
        decided = match is not None and isinstance(node.winner, int)
        state = "won" if decided and node.winner == entrant else "lost" if decided else "in"
        seeds = self.bracket.seeds
        tag = self.seed_tag(seeds.index(entrant)) if entrant in seeds else ""
        return {"text": self.names[entrant], "tag": tag, "wins": wins, "state": state}

    # drawing -------------------------------------------------------------------------------

    def box(self, node: Node) -> str:
        x, y = self.x(node), self.y[node]
        sides = [self.side(node, 0), self.side(node, 1)]
        label = f"M{self.number[node]}"
        if node.bracket == "final":
            label += " · " + i18n.say(N_("Final") if node is self.bracket.final
                                      else N_("Final, replayed"))
        bye = EMPTY in node.entrants
        if bye:
            label += " · " + i18n.say(BYE)
        if node.match is not None:
            label += " · " + i18n.say(Text("table {table}", table=node.match.table))
            if node.match.forfeit is not None:
                label += " · " + i18n.say(N_("forfeit"))
        summary = " v ".join(s["text"] + (f" {s['wins']}" if s["wins"] else "") for s in sides)
        won = next((s["text"] for s in sides if s["state"] == "won"), None)
        if won:
            summary = i18n.say(Text("{match}: {name} won", match=summary, name=won))
        parts = [f'<g class="match"><title>{escape(label)}: {escape(summary)}</title>',
                 f'<text class="match-label" x="{x + 2}" y="{y + 14}">{escape(label)}</text>',
                 f'<rect class="match-box{" bye-box" if bye else ""}" x="{x}" y="{y + LABEL_H}" width="{BOX_W}" '
                 f'height="{2 * ROW_H}" rx="8"/>',
                 f'<line class="match-split" x1="{x}" x2="{x + BOX_W}" y1="{y + LABEL_H + ROW_H}" '
                 f'y2="{y + LABEL_H + ROW_H}"/>']
        for s, side in enumerate(sides):
            top = y + LABEL_H + s * ROW_H
            base = top + ROW_H / 2 + 5.5
            if side["state"] == "won":
                parts.append(f'<rect class="win-bar" x="{x + 1}" y="{top + 4}" width="5" '
                             f'height="{ROW_H - 8}" rx="2"/>')
            if side["tag"]:
                parts.append(f'<text class="seed" x="{x + 30}" y="{base}" text-anchor="end">'
                             f'{escape(side["tag"])}</text>')
            parts.append(f'<text class="side {side["state"]}" x="{x + 36}" y="{base}">'
                         f'{escape(short(side["text"]))}</text>')
            mark = "✓ " if side["state"] == "won" else ""
            if side["wins"] or mark:
                parts.append(f'<text class="wins {side["state"]}" x="{x + BOX_W - 10}" y="{base}" '
                             f'text-anchor="end">{mark}{escape(side["wins"])}</text>')
        parts.append("</g>")
        return "".join(parts)

    def links(self, node: Node) -> list[str]:
        """A line from each feeding match's box to the side it fills."""
        out = []
        for s, (kind, ref) in enumerate(node.inputs):
            if kind != "winner" or ref not in self.number:
                continue
            x1, y1 = self.x(ref) + BOX_W, self.y[ref] + LABEL_H + ROW_H
            x2, y2 = self.x(node), self.y[node] + LABEL_H + s * ROW_H + ROW_H / 2
            mid = x2 - COL_GAP / 2
            out.append(f'<path class="link" d="M{x1} {y1}H{mid}V{y2}H{x2}"/>')
        return out

    def describe(self) -> str:
        champion = self.bracket.champion
        if champion is not None:
            return i18n.say(Text("Champion: {name}.", name=self.names[champion]))
        left = sum(1 for n in self.shown if n.match is None and all(occupied(i) for i in n.inputs))
        total = sum(all(occupied(i) for i in n.inputs) for n in self.shown)
        return i18n.say(Text("Under way: {left} of {total} matches to play.", left=left,
                             total=total))

    def round_head(self, rnd: int) -> str:
        """A column's head: the round as players say it, or its number in a double elimination
        (two brackets' rounds share a column; each bracket is titled)."""
        if self.event.format == "double-elimination":
            return i18n.say(Text("Round {number}", number=rnd))
        return i18n.say(self.round_names[rnd])

    def svg(self) -> Markup:
        kind = i18n.say(KINDS[self.event.format])
        title = f"{kind}: {self.event.name}" if self.event.name else kind
        out = [f'<div class="bracket-scroll" tabindex="0" role="region" aria-label="{escape(kind)}">',
               f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket-svg" width="{self.width}" '
               f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" role="img">',
               f"<title>{escape(title)}</title><desc>{escape(self.describe())}</desc>"]
        for r in self.rounds:
            out.append(f'<text class="round-head" x="{self.column_x(r) + 2}" y="{PAD + 14}">'
                       f'{escape(self.round_head(r))}</text>')
        for text, y in self.titles:
            out.append(f'<text class="section-head" x="{PAD}" y="{y}">{escape(text)}</text>')
        for node in self.shown:
            out += self.links(node)
        for node in self.shown:
            out.append(self.box(node))
        out.append("</svg></div>")
        return Markup("".join(out))
