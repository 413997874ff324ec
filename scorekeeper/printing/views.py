"""The routes of paper and pictures (issue 43):

- /games/<id>/sheet: the game's score sheet to print (one page: A4 and US Letter), with the
  join QR code; for anyone who may read the game (access.load_game).
- /games/<id>/card.png: a finished game's result card (card.py), for anyone who may read the
  game, or who holds the key its page gives out in its og:image (card_key: a chat app's
  preview fetches the image without the phone's cookies); for anyone else the answer of a
  game that is not there (404: ids cannot be counted).
- /clubs/<club>/events/<id>/round: the round being played on paper, for the organizer (its
  table slips make the phone that scans them the table's scorer, as the table card does).
- /clubs/<club>/events/<id>/call-out: the same round in large type on screen, for members.
- /clubs/<club>/events/<id>/card.png: a finished event's result card, for members.

The event's round is read from the event page's own context (events.live.context), so a
playoff round or a late entrant shows on paper as it does on the page.
"""
from __future__ import annotations

import hashlib
import hmac
from flask import Blueprint, abort, current_app, make_response, render_template, request, url_for
from flask_babel import gettext as _, ngettext

from .. import access, filters, i18n, qr, render_cache, rules, store, web
from ..events import live as event_live, record as records, running
from ..games import board, listing
from ..rules.card import rules_card
from ..rules.text import N_
from ..tournament.event import TEAM_FORMATS
from . import card

bp = Blueprint("printing", __name__)

# A game's sheet has rows to the end of its one page: the hands played, then empty ones.
SHEET_ROWS = 21
# The kept cards: a PNG is 30-60 kB.
CARDS = 256


def card_key(kind: str, ident: str, secret: str) -> str:
    """The key of a result card's URL: what the card's page gives to whoever reads it, so a
    chat app's preview (no cookies) may fetch the picture and nothing else. Made from the
    game's join code, it grants no more than the viewer link does."""
    key = current_app.secret_key
    key = key.encode() if isinstance(key, str) else key
    return hmac.new(key, f"card|{kind}|{ident}|{secret}".encode(), hashlib.sha256).hexdigest()[:24]


def _holds_key(expected: str) -> bool:
    """Whether this request's ?k= is `expected` (compared as bytes: any text may be sent)."""
    return hmac.compare_digest(request.args.get("k", "").encode(), expected.encode())


def game_card_url(game) -> str:
    """The absolute URL of the game's result card, with its key (for og:image)."""
    return qr.absolute_url(url_for("printing.game_card", game_id=game.id,
                                   k=card_key("game", str(game.id), game.code)))


def _png(body: bytes):
    """A card's answer: revalidated by its bytes' ETag (the same result, the same bytes)."""
    response = make_response(body)
    response.mimetype = "image/png"
    response.set_etag(hashlib.blake2s(body, digest_size=12).hexdigest())
    response.headers["Cache-Control"] = "private, no-cache"
    return response.make_conditional(request)


def _kept_png(key: str, draw) -> bytes:
    """The card under `key`, drawn once per language (its words are said in it)."""
    kept = render_cache.named("result_cards", items=CARDS)
    key = f"{i18n.language()}|{key}"
    body = kept.get(key)
    if body is None:
        body = draw()
        kept.put(key, body)
    return body


# --------------------------------------------------------------------------- a game

def game_card_lines(game) -> tuple[str, str, list[tuple[str, str, bool]]] | None:
    """A finished game's card: its name, the date (and where in an event), each side and its
    final total, the winners marked; None while it goes on."""
    result = listing.standing(game)
    if not result.get("ok") or not result.get("finished"):
        return None
    variant = rules.VARIANTS.get(game.variant)
    title = game_title(game, variant)
    where = records.event_of(game)
    parts = [filters.long_day(game.created_at.date()),
             filters.hands_count(game.variant, result.get("hands") or 0)]
    if where:
        parts.append(_("round %(round)s, table %(table)s", round=where["round"],
                       table=where["table"]))
    subtitle = " · ".join(parts)
    winners = result.get("winners") or []
    lines = [(name, filters.number(total), side in winners)
             for side, (name, total) in enumerate(zip(result["sides"], result["totals"]))]
    lines.sort(key=lambda line: not line[2])  # the winners first
    return title, subtitle, lines


@bp.get("/games/<int:game_id>/card.png")
def game_card(game_id: int):
    head = access.game_head(game_id)
    if head is None:
        abort(404)
    if access.role(head) is None and not _holds_key(card_key("game", str(head.id), head.code)):
        abort(access.no_game())  # as for a game not there: ids cannot be counted
    game = store.get_game(game_id, summary=True)
    if game is None:
        abort(404)
    made = game_card_lines(game)
    if made is None:
        abort(404)  # a game still going has no result to show
    return _png(_kept_png(f"game:{game.id}:{game.version}",
                          lambda: card.result_png(*made, **_card_words())))


@bp.get("/games/<int:game_id>/sheet")
def game_sheet(game_id: int):
    """The score sheet on paper: a page of its own (no navigation, no buttons)."""
    game = access.load_game(game_id, summary=True)
    record = game.record()
    result = rules.score(record)
    ctx = board.board_context(game, record, result)
    variant = ctx["variant"]
    grid = board.score_grid(variant, record, result) if variant else None
    players = record["players"]
    first = record.get("first_dealer", 0) % max(1, len(players))
    played = len(grid["rows"]) if grid else 0
    return render_template(
        "printing/sheet.html", **ctx, score_grid=grid,
        house_rules=[line.text for line in rules_card(variant, game.options) if line.house]
        if variant else [],
        dealer_order=players[first:] + players[:first], where=records.event_of(game),
        blank_rows=0 if result.get("finished") else max(0, SHEET_ROWS - played),
        first_blank=played + 1, card_lines=(game_card_lines(game) or (None, None, None))[2])


def game_title(game, variant) -> str:
    """The game's name on its card and link preview: the variant, and the event it is in."""
    title = i18n.say(variant.title) if variant else game.variant
    where = records.event_of(game)
    return f"{where['name']} · {title}" if where else title


def _joined(items, pair) -> str:
    """`items` in a line, each next one joined on as `pair(so_far, next)` says it (a
    language's "and", "to", "v" goes between them, in its own place)."""
    said = ""
    for item in items:
        said = pair(said, item) if said else item
    return said


def _and(names) -> str:
    """Names in a line: "Bob and Dan", "Ann and Bob and Cat"."""
    return _joined(names, lambda a, b: _("%(first)s and %(second)s", first=a, second=b))


def result_words(game, result: dict) -> str | None:
    """A finished game's result in a line ("Bob & Dan won 11 to 9"), None while it goes on."""
    if not result.get("ok") or not result.get("finished"):
        return None
    winners = result.get("winners") or []
    sides, totals = result.get("sides") or [], result.get("totals") or []
    order = sorted(range(len(totals)), key=lambda s: s not in winners)
    scores = _joined((filters.number(totals[side]) for side in order),
                     lambda a, b: _("%(first)s to %(second)s", first=a, second=b))
    if not winners:
        return _("Nobody won %(scores)s", scores=scores)
    variant = rules.VARIANTS.get(game.variant)
    people = len(winners) * (2 if variant and variant.partnership else 1)
    return ngettext("%(names)s won %(scores)s", "%(names)s won %(scores)s", people,
                    names=_and(sides[s] for s in winners), scores=scores)


def event_card_url(event) -> str:
    """The absolute URL of a finished event's result card, with its key (for og:image)."""
    return qr.absolute_url(url_for("printing.event_card", club_id=event.club_id,
                                   event_id=event.id, k=_event_key(event.club_id, event.id)))


def _event_key(club_id: int, event_id: int) -> str:
    return card_key("event", f"{club_id}.{event_id}", "")


# An event's format in words, on its card.
FORMAT_WORDS = {"round-robin": N_("round robin"), "pools": N_("pools"),
                "single-elimination": N_("single elimination"),
                "double-elimination": N_("double elimination"),
                "progressive": N_("progressive"), "tables": N_("tables")}


def _card_words() -> dict:
    """The words a result card draws besides its lines, in the request's language."""
    return {"won_word": _("WON"),
            "more_said": lambda count: ngettext("and %(num)d more", "and %(num)d more", count)}


def event_card_lines(ctx: dict) -> tuple[str, str, list[tuple[str, str, bool]], int] | None:
    """A finished event's card (ctx: running.event_context's): its name, day, game and
    format, the places (the champions banded), their won and lost; None until it is over."""
    if ctx.get("phase") != "over":
        return None
    event, rows = ctx["event"], ctx["standings"]["standings"]
    variant = ctx["library_event"].variant
    subtitle = " · ".join((filters.long_day(event.day), i18n.say(variant.title),
                           i18n.say(FORMAT_WORDS.get(event.format, event.format))))
    lines = [(f"{row['rank']}. {ctx['names'][row['entrant']]}" if row["rank"] is not None
              else ctx["names"][row["entrant"]], f"{row['won']}-{row['lost']}",
              row["rank"] == 1) for row in rows]
    return event.name, subtitle, lines, 0


def event_words(event, phase: str | None, champions: list[str]) -> str | None:
    """A finished event's result in a line ("Ann & Bob won Paper night"), None until over
    (running.event_context's phase and champions)."""
    if phase != "over" or not champions:
        return None
    people = len(champions) * (2 if event.format in TEAM_FORMATS else 1)  # (a team: two)
    return ngettext("%(names)s won %(event)s", "%(names)s won %(event)s", people,
                    names=_and(champions), event=event.name)


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/card.png")
def event_card(club_id: int, event_id: int):
    """A finished event's result card: for its club's members, or the key its page gives
    out (a chat app's preview); the members-only page (404) for anyone else."""
    if _holds_key(_event_key(club_id, event_id)):
        event = records.load_event(club_id, event_id)
        if event is None:
            abort(404)
        ctx = running.event_context(event)
    else:
        ctx = event_live.context(event_live.head(club_id, event_id))
    made = event_card_lines(ctx)
    if made is None:
        abort(404)  # an event still played has no result to show
    return _png(_kept_png(f"event:{records.stamp_of(ctx['event'])}",
                          lambda: card.result_png(*made, **_card_words())))


def versus(sides) -> str:
    """Who plays whom: "Ann v Bob", "Ann & Cat v Bob & Dan"."""
    return _joined(sides, lambda a, b: _("%(first)s v %(second)s", first=a, second=b))


# A match's bracket in words, beside its table (tournament.event.BRACKETS).
BRACKET_WORDS = {"winners": N_("winners"), "losers": N_("losers"), "final": N_("final")}


@bp.app_context_processor
def _printing_helpers():
    return {"game_card_url": game_card_url, "game_title": game_title,
            "result_words": result_words, "event_card_url": event_card_url,
            "event_words": event_words, "absolute_url": qr.absolute_url}


@bp.context_processor
def _paper_helpers():
    return {"versus": versus, "bracket_words": BRACKET_WORDS}


# --------------------------------------------------------------------------- an event's round

def _seat_line(seats: list[dict], i: int, table: int) -> dict:
    """Where one player of a table sits, for the pairings by name: "Ann: table 3, with Bob,
    against Cat & Dan" (partners share a team; everyone else is against)."""
    me = seats[i]
    partners = [s["name"] for s in seats if s is not me and me["team"] is not None
                and s["team"] == me["team"]]
    against = [s["name"] for s in seats if s is not me and s["name"] not in partners]
    return {"name": me["name"], "table": table, "seat": me["seat"] + 1, "with": partners,
            "against": against}


def round_context(club_id: int, event_id: int, runs: bool) -> dict:
    """The round being played, as the event page shows it (events.live.context: its playoffs
    and late entrants too): its table slips (running.card: the table card's scorer link, for
    the organizer only), the pairings by table and by name, the byes, with the standings and
    the bracket."""
    head = event_live.head(club_id, event_id)
    if runs and not head.runs:
        abort(web.refuse(403, _("Organizer only"), _(
            "Only the event's organizer and the club's admin print the round: its slips hold "
            "the tables' scorer links.")))
    ctx = event_live.context(head)
    current = ctx["rounds"][0] if ctx["rounds"] else None
    slips, by_name = [], []
    for table in current["tables"] if current else []:
        if not table["match"].games:  # a forfeit: nobody sits at the table
            continue
        slip = running.card(ctx["event"], ctx["library_event"], table["match"])
        slips.append(slip)
        by_name += [_seat_line(slip["seats"], i, slip["table"]) for i in range(len(slip["seats"]))]
    by_name.sort(key=lambda line: (line["name"].casefold(), line["table"]))
    byes = sorted(current["byes"], key=str.casefold) if current else []
    return {**ctx, "current": current, "slips": slips if runs else [], "by_name": by_name,
            "byes": byes}


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/round")
def event_round(club_id: int, event_id: int):
    """The round on paper: the slips to cut (four a page), the pairings by table, by name
    (a page of its own, for the wall), the standings and the bracket (a page each)."""
    return render_template("printing/round.html", **round_context(club_id, event_id, True))


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/call-out")
def event_callout(club_id: int, event_id: int):
    """The same round in large type on screen, for a venue with no printer: any member."""
    return render_template("printing/callout.html", **round_context(club_id, event_id, False),
                           callout=True)
