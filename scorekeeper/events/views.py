"""The event pages of a club: the list, a new event, the event page (schedule, tables with
their live scores, standings), its TV view and live poll, a table card per match, and the
organizer's actions (start a round, call time, a forfeit, a late entrant, a swap, the next
game of a match, a playoff or a draw), export and import.

Every page needs this phone's membership of the club (clubs.roster.load_club: nothing of a club
is shown to anyone else); an event of another club is 404. Only the event's creator and the
club's admin change it (running.can_run): anyone else gets the plain 403 page.
"""
from __future__ import annotations

from flask import abort, make_response, redirect, request, url_for
from flask_babel import gettext as _
from sqlalchemy.orm import joinedload, selectinload

from .. import access, i18n, render_cache, security, store, tournament, web
from ..clubs import roster
from ..games import seats
from ..extensions import db
from ..models import MAX_ID, ClubEvent, EventEntrant, EventMatch
from ..tournament import deciding
from . import bp, live, record as records, running, setup, sheets

MAX_VERSION = 2**31 - 1


# The event's entrants with their people, joined to the club's read (a row each).
ENTRANTS = joinedload(ClubEvent.entrants).options(*records.ENTRANT_PEOPLE)
# The event whole, as records.WHOLE reads it, but its entrants joined (ENTRANTS): one
# statement more for the matches with their games.
WHOLE = (ENTRANTS, records.MATCHES_WITH_GAMES)


def _event(club_id: int, event_id: int, options=WHOLE):
    """The club, this phone's membership and the club's event, in one statement with what
    `options` join to the event (roster.load_club_with); by default the event whole
    (WHOLE: one more), its games' inputs read when asked (records.inputs_of)."""
    club, phone, event = roster.load_club_with(club_id, ClubEvent, event_id, *options)
    if event is None:
        abort(404)
    event.inputs = None
    return club, phone, event


def _matches(*where):
    """The option that joins the event's matches `where` says (all an action needs of them),
    with their games (each at the version read: store._unplayed)."""
    return joinedload(ClubEvent.matches.and_(*where)).joinedload(EventMatch.games)


def _loaded(head) -> ClubEvent:
    """The event at `head` (live.head), loaded whole (records.load_event: five statements)."""
    event = records.load_event(head.club.id, head.id)
    if event is None:  # (gone since the head was kept)
        abort(404)
    return event


def _running(club_id: int, event_id: int, options=WHOLE):
    """The event, for a phone that runs it (else the plain 403 page), read with `options`
    (_event)."""
    club, phone, event = _event(club_id, event_id, options)
    if not running.can_run(event, phone):
        abort(_organizer_only())
    return club, phone, event


def _organizer_only():
    return web.refuse(403, _("Organizer only"),
                      _("Only the event's organizer and the club's admin can change the event."))


def _to_event(club_id: int, event_id: int):
    """After a change: the event page (303; the forms are plain posts), by the ids the request
    named (the rows read before the commit are not read again for them)."""
    return redirect(url_for("events.event_page", club_id=club_id, event_id=event_id), 303)


def _refused(club, phone, event, message: str):
    """The event page again with a plain message (422), never a 500: the event as it is now
    (a race lost to another phone shows what that phone did)."""
    db.session.rollback()
    return _render_page(request.view_args["club_id"], request.view_args["event_id"], 422,
                        error=message)


def _via(phone) -> str:
    return roster.via(phone)


# --------------------------------------------------------------------------- list, new

@bp.get("/clubs/<int:club_id>/events")
def index(club_id: int):
    club, phone = roster.load_club(club_id)
    events = db.session.scalars(db.select(ClubEvent).where(ClubEvent.club_id == club.id)
                                .order_by(ClubEvent.day.desc(), ClubEvent.id.desc())).all()
    return web.render("events/index.html", "events/_index.html", club=club, events=events)


def _new_page(club, form=None, errors=None, status=200):
    values = setup.form_values(form)
    variant = setup.event_variant(values["variant"])
    option_values = None
    if variant is not None:
        _options, option_values, _errors = setup.house_rules(
            variant, form, store.club_rules(club.id, variant.id))
    return web.render("events/new.html", "events/_new.html", status, club=club,
                      values=values, errors=errors or [], rules_variant=variant,
                      option_values=option_values, variants=setup.event_variants(),
                      formats=setup.FORMAT_LABELS, roster=sorted(p.name for p in club.people))


@bp.get("/clubs/<int:club_id>/events/new")
def new_event(club_id: int):
    club, _phone = roster.load_club(club_id)
    return _new_page(club)


@bp.post("/clubs/<int:club_id>/events")
def create_event(club_id: int):
    """A member starts an event: checked by the events library before anything is saved;
    with "draw" the seeds are drawn at random here and the drawn order is kept. Read with the
    roster (its spelling of a name typed, and who is new)."""
    club, phone = roster.load_club(club_id, people=True)
    if "show_rules" in request.form:  # the game was changed: its house rules, nothing saved
        return _new_page(club, request.form)
    variant = setup.event_variant(request.form.get("variant", ""))
    options, option_errors = {}, []
    if variant is not None:
        options, _values, option_errors = setup.house_rules(
            variant, request.form, store.club_rules(club.id, variant.id))
    fields, entrants, errors = setup.read_event(request.form, [p.name for p in club.people],
                                                options)
    if errors or option_errors:
        return _new_page(club, request.form, option_errors + errors, 422)
    if fields["seeds_drawn"]:
        entrants = setup.drawn(entrants)
    event_id = store.create_event(club, access.phone_id(create=True), _via(phone), fields,
                                  entrants)
    return _to_event(club_id, event_id)


# --------------------------------------------------------------------------- the event page

def _render_page(club_id: int, event_id: int, status=200, **extra):
    """The event page, rendered afresh (not cached): with a refused action's message."""
    ctx = live.context(live.head(club_id, event_id))
    return web.render("events/event.html", "events/_event.html", status, **ctx, **extra)


@bp.get("/clubs/<int:club_id>/events/<int:event_id>")
def event_page(club_id: int, event_id: int):
    return live.answer(club_id, event_id, "page")


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/live")
def event_live(club_id: int, event_id: int):
    """The event's live part (partials/events/_event_live.html), 304 while unchanged (most
    polls are answered by kept_polls.KeptPolls first)."""
    return live.answer(club_id, event_id, "live")


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/tv")
def tv(club_id: int, event_id: int):
    """The big screen (partials/events/_tv.html): the pools, the standings or the bracket,
    the round's tables and live scores, the round's time left; at the end the champion."""
    return live.answer(club_id, event_id, "tv")


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/history")
def history(club_id: int, event_id: int):
    """Every change to the event and its games: who, when, what (records.history)."""
    head = live.head(club_id, event_id)
    event = db.session.get(ClubEvent, head.id) or abort(404)  # (its history: one more)
    return web.render("events/history.html", "events/_history.html", club=head.club,
                      event=event, history=records.history(event))


# --------------------------------------------------------------------------- running it

def _version() -> int:
    raw = request.form.get("version", "")
    number = setup.whole(raw, 10)
    return number if number is not None and number <= MAX_VERSION else 0


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/rounds")
def start_round(club_id: int, event_id: int):
    """Seat the next round as `scorekeeper schedule` prints it: a game per match, made with the
    event's rules and seats. A second tap (or another phone) finds it started already."""
    club, phone, event = _running(club_id, event_id)
    library_event, problem = running.parsed(event)
    if problem:
        return _refused(club, phone, event, problem)
    planned = running.next_round(records.event_record(event))
    still_open = running.earliest_open(running.rounds_view(event, library_event))
    if still_open is not None:
        return _refused(club, phone, event, _("Round %(round)s is still being played: start the "
                                              "next one when its matches are over.",
                                              round=still_open))
    if planned is None:
        return _refused(club, phone, event, _("Every round is seated: nothing is left to start "
                                              "until the results are in."))
    try:
        store.seat_matches(event, _version(), planned["round"],
                           running.seating(event, library_event, planned), _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/rounds/<int:number>/call")
def call_time(club_id: int, event_id: int, number: int):
    """Time: every open game of the round gets `called` (each table finishes the hand it is
    playing; a shared lead plays one more hand)."""
    _club, phone, event = _running(club_id, event_id, ())  # (the round's games: the store)
    if store.call_time(event.id, number, _via(phone)) is None:
        abort(404)
    return _to_event(club_id, event_id)


@bp.post("/games/<int:game_id>/time/stop")
def stop_at_time(game_id: int):
    """The scorer of a game time was called on says no hand was in play: the record is
    `called` now. A second tap (or phone) finds it done and sees the game as it stands."""
    game = access.load_game(game_id, write=True, summary=True)  # (store._summary_before)
    try:
        store.stop_at_time(game, _version(), access.actor(game), access.phone_id())
    except store.Refused:
        pass  # the game page shows how it stands now
    return redirect(url_for("games.game_page", game_id=game_id), 303)  # (game: expired)


@bp.route("/games/<int:game_id>/table/next", methods=["GET", "POST"])
def follow_table(game_id: int):
    """A table's phone follows its table: the phone scoring an event's game goes to the game
    now at its table (the table whose card it scanned, or the organizer moved it to:
    store.table_now), as its scorer, no new card scanned. A tap without JavaScript (POST);
    with it, the game's poll sends the phone here by itself (GET, games.live.poll_answer) once
    its game is over and a game at its table is being played. Plainly refused (409) while no
    later round is seated, or when it seats nobody at that table."""
    game = access.load_game(game_id, write=True)
    now = store.table_now(game.id, access.phone_id())
    if now is None or now.table is None:
        abort(404)
    if now.game_id in (None, game.id):
        if now.latest <= now.round:
            return web.refuse(409, _("Not seated yet"),
                              _("Round %(round)s is not seated yet: tap again once the "
                                "organizer starts it.", round=now.round + 1))
        return web.refuse(409, _("Nobody at this table"),
                          _("Round %(round)s plays no game at table %(table)s.",
                            round=now.latest, table=now.table))
    return access.grant_scorer_of(redirect(url_for("games.game_page", game_id=now.game_id), 303),
                                  now.game_id, now.scorer_secret)  # (as table_now read them)


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/phones")
def table_phones(club_id: int, event_id: int):
    """The table phones (organizer only): each phone that scanned a table's card, the table it
    follows, and a move to another table."""
    club, _phone, event = _running(club_id, event_id)
    return _phones_page(club, event)


def _phones_page(club, event: ClubEvent, status: int = 200, error: str | None = None):
    phones = store.table_phones(event.id)
    labels = {m.phone_id: m.label for m in club.members if m.phone_id is not None and m.label}
    tables = sorted({m.table for m in event.matches if m.table is not None} |
                    {table for _phone, table in phones})
    return web.render("events/phones.html", "events/_phones.html", status, club=club,
                      event=event, tables=tables, error=error,
                      phones=[{"id": phone, "table": table, "name": seats.phone_name(phone),
                               "label": labels.get(phone)} for phone, table in phones])


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/phones/<int:phone_id>")
def move_phone(club_id: int, event_id: int, phone_id: int):
    """The organizer moves a table phone to another table (its battery died at one table, or
    a table was put together): it goes to the game at that table once its own game is over."""
    table = setup.whole(request.form.get("table", ""), 3)
    club, phone, event = _running(club_id, event_id,
                                     (_matches(EventMatch.table == (table or 0)),))
    if phone_id > MAX_ID:
        abort(404)
    if table is None or table < 1 or not event.matches:  # (the matches at that table)
        return _phones_page(club, records.load_event(club.id, event.id), 422,
                            _("Pick a table of the event."))
    try:
        store.move_table_phone(event, phone_id, table, _via(phone))
    except store.Refused as refused:
        db.session.rollback()
        return _phones_page(club, records.load_event(club.id, event.id), 422, refused.sentence)
    return redirect(url_for("events.table_phones", club_id=club_id, event_id=event_id), 303)


def _match(event: ClubEvent, match_id: int):
    match = next((m for m in event.matches if m.id == match_id and m.bye is None), None)
    if match is None:
        abort(404)
    return match


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/matches/<int:match_id>/card")
def table_card(club_id: int, event_id: int, match_id: int):
    """The table card (organizer only: its QR code makes the phone that scans it the table's
    scorer)."""
    head = live.head(club_id, event_id)
    if not head.runs:
        abort(_organizer_only())
    event = _loaded(head)
    match = _match(event, match_id)
    library_event, problem = running.parsed(event)
    if problem:
        return _render_page(club_id, event_id, 422, error=problem)
    if not match.games:
        abort(404)  # a forfeit: nobody sits at the table
    return web.render("events/card.html", "events/_card.html", club=head.club, event=event,
                      card=running.card(event, library_event, match))


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/matches/<int:match_id>/forfeit")
def forfeit(club_id: int, event_id: int, match_id: int):
    club, phone, event = _running(club_id, event_id, (_matches(EventMatch.id == match_id),))
    match = _match(event, match_id)
    side = request.form.get("side", "")
    if side not in ("0", "1") or len(match.entrants) != 2:
        return _refused(club, phone, event, _("Pick the side that did not play."))
    try:
        store.record_forfeit(event, match, int(side), _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/matches/<int:match_id>/next")
def next_game(club_id: int, event_id: int, match_id: int):
    """The next game of a best-of match, once its last game is finished and the match is not
    decided: its first dealer one seat on."""
    club, phone, event = _running(club_id, event_id)
    match = _match(event, match_id)
    library_event, problem = running.parsed(event)
    if problem:
        return _refused(club, phone, event, problem)
    index = records.ordered(event.matches).index(match)
    view = running.table_view(event, library_event, match, library_event.matches[index])
    if not view["can_next"]:
        return _refused(club, phone, event, _("Round %(round)s, table %(table)s: the match is "
                                              "decided or its game is still being played.",
                                              round=match.round, table=match.table))
    game = match.games[-1]
    seats = records.inputs_of(event)[game.id]  # (read for the view above: no statement)
    store.rematch(game, _via(phone), list(zip(seats["players"], seats["people"])))
    return redirect(url_for("events.table_card", club_id=club_id, event_id=event_id,
                            match_id=match_id), 303)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/matches/<int:match_id>/swap")
def swap(club_id: int, event_id: int, match_id: int):
    """Progressive and tables: a player who must leave swaps seats with one sitting out."""
    club, phone, event = _running(club_id, event_id, (
        _matches((EventMatch.id == match_id) | EventMatch.bye.is_not(None)),
        joinedload(ClubEvent.entrants).joinedload(EventEntrant.person)))
    match = _match(event, match_id)
    out_raw, in_raw = request.form.get("out", ""), request.form.get("in", "")
    byes = {m.bye for m in event.matches if m.round == match.round and m.bye is not None}
    if event.format not in ("progressive", "tables"):
        return _refused(club, phone, event, _("Only a progressive or tables event swaps players."))
    leaving, joining = setup.whole(out_raw), setup.whole(in_raw)
    if leaving not in match.entrants or joining not in byes:
        return _refused(club, phone, event, _("Pick a player of the table and one who sits "
                                              "this round out."))
    try:
        store.swap_player(event, match, leaving, joining, _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/entrants")
def late_entrant(club_id: int, event_id: int):
    """A late entrant: the last seed, with a bye in every round seated so far. Read with the
    entrants' people (a name among them keeps its spelling; the store finds any other in the
    roster) and the matches without their games (the check is of who plays when)."""
    club, phone, event = _running(club_id, event_id, (ENTRANTS, selectinload(ClubEvent.matches)))
    entrants, errors = setup.read_entrants(request.form.get("entrant", ""), event.format,
                                           [p.name for p in store.entrant_people(event)])
    if not errors and len(entrants) != 1:
        errors = [_("Type one entrant.")]
    if not errors and event.format in ("single-elimination", "double-elimination", "pools") \
            and event.matches:  # events.md seeds them from every entrant: a newcomer moves them
        errors = [_("The pools were drawn from the entrants at round 1: nobody can join now.")
                  if event.format == "pools" else
                  _("The bracket was drawn from the entrants at round 1: nobody can join now.")]
    if not errors:
        record = records.event_record(event, games=False)
        byes = running.bye_rounds(event)
        late = entrants[0]
        record["entrants"].append({"players": late["players"],
                                   **({"name": late["name"]} if late["name"] else {})})
        record["matches"] += [{"round": r, "bye": len(record["entrants"]) - 1} for r in byes]
        problem = setup.problem_of(record)
        if not problem and event.format == "round-robin":  # its later rounds seat around them
            problem = tournament.schedule(record).get("error")
        if problem:
            errors = [problem]
    if errors:
        return _refused(club, phone, event, errors[0])
    try:
        store.add_entrant(event, entrants[0], running.bye_rounds(event), _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


def _tie(club, phone, event):
    """(the parsed event, the tie the form names: its `entrant`s), or (None, the refusal)."""
    library_event, problem = running.parsed(event)
    if problem:
        return None, _refused(club, phone, event, problem)
    group = [setup.whole(r) for r in request.form.getlist("entrant")]
    if len(group) < 2 or len(set(group)) != len(group) or None in group:
        return None, _refused(club, phone, event, _("Pick the tied entrants."))
    tie = deciding.find_tie(library_event, group)
    if tie is None:
        return None, _refused(club, phone, event, _("Those entrants are not tied (any more): "
                                                    "look at the standings as they are now."))
    return (library_event, tie), None


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/playoff")
def playoff(club_id: int, event_id: int):
    """A tie decided by more matches between the tied entrants (events.md: each counts like
    any other), in the rounds after the last (shared with another tie's playoff being played,
    at tables of its own): one match for two, every pair once for three or more."""
    club, phone, event = _running(club_id, event_id)
    found, refused = _tie(club, phone, event)
    if refused:
        return refused
    library_event, tie = found
    if tie.playoff:
        return _refused(club, phone, event, tie.playoff)
    matches = running.playoff(event, library_event, tie)
    try:
        store.seat_matches(event, _version(), matches[0][0]["round"], matches, _via(phone),
                           "playoff")
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/draw")
def draw(club_id: int, event_id: int):
    """A tie decided by a draw (events.md): the order drawn at the table (`order`: the
    entrants, first place first), or with "random" the app's draw, kept in the record."""
    club, phone, event = _running(club_id, event_id)
    found, refused = _tie(club, phone, event)
    if refused:
        return refused
    library_event, tie = found
    if tie.draw:
        return _refused(club, phone, event, tie.draw)
    if "random" in request.form:
        order = setup.drawn(list(tie.entrants))
    else:
        order = [setup.whole(r) for r in request.form.getlist("order")]
        if sorted(e for e in order if e is not None) != list(tie.entrants) or None in order:
            return _refused(club, phone, event, _("Give each tied entrant one place in the order "
                                                  "drawn."))
    try:
        store.record_draw(event, order, [library_event.label(e) for e in order], _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


def _before_round_1(club_id: int, event_id: int):
    """(club, phone, event) of an event not begun, or a refusal as the response."""
    club, phone, event = _running(club_id, event_id)
    if event.matches:
        return None, _refused(club, phone, event, _("Round 1 is seated: the check-in is over "
                                                    "(an entrant who leaves now withdraws)."))
    return (club, phone, event), None


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/check-in")
def check_in(club_id: int, event_id: int):
    """Before round 1 (events.md "Check-in"): the entrants ticked (`here`) stay, the rest are
    taken out and the seeds close up. First the page says who goes; `confirm` does it."""
    found, refused = _before_round_1(club_id, event_id)
    if refused:
        return refused
    club, phone, event = found
    seeds = {e.seed for e in event.entrants}
    here = {setup.whole(s) for s in request.form.getlist("here")} & seeds
    absent = sorted(seeds - here)
    if not absent:
        return _refused(club, phone, event, _("Everyone is here: nobody to take out."))
    record = records.event_record(event, games=False)
    record["entrants"] = [e for i, e in enumerate(record["entrants"]) if i in here]
    problem = setup.problem_of(record)
    if problem:
        return _refused(club, phone, event, problem)
    if "confirm" not in request.form:
        names = [e.name or " & ".join(e.players) for e in event.entrants]
        return _render_page(club_id, event_id, confirm_check_in={
            "here": sorted(here), "out": [names[s] for s in absent]})
    try:
        store.check_in(event, absent, _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/check-in/undo")
def undo_check_in(club_id: int, event_id: int):
    """The check-in undone until round 1 is seated: those it took out come back."""
    found, refused = _before_round_1(club_id, event_id)
    if refused:
        return refused
    club, phone, event = found
    if not event.checked_out:
        return _refused(club, phone, event, _("No check-in to undo."))
    try:
        store.undo_check_in(event, _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


def _withdrawing(club_id: int, event_id: int, seed: int):
    """(club, phone, event, parsed event, the entrant's name), or a refusal as the response."""
    club, phone, event = _running(club_id, event_id)
    library_event, problem = running.parsed(event)
    if problem:
        return None, _refused(club, phone, event, problem)
    if seed >= len(library_event.entrants):
        abort(404)
    if not event.matches:
        return None, _refused(club, phone, event, _("The event has not begun: nobody withdraws "
                                                    "before round 1."))
    return (club, phone, event, library_event, library_event.label(seed)), None


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/entrants/<int:seed>/withdraw")
def withdraw(club_id: int, event_id: int, seed: int):
    """An entrant who leaves after the event began (events.md "Withdrawal"): first the page
    says what will happen (a team's matches not yet played become its forfeits, now and in
    every round seated later; a player sits out every round seated later; what it played
    stands), then `confirm` does it."""
    found, refused = _withdrawing(club_id, event_id, seed)
    if refused:
        return refused
    club, phone, event, library_event, name = found
    if seed in library_event.withdrawn:
        return _refused(club, phone, event, _("%(name)s withdrew already.", name=name))
    forfeits = running.withdrawal_forfeits(event, library_event, seed)
    if "confirm" not in request.form:
        names = running.names_of(library_event)
        return _render_page(club_id, event_id, confirm_withdraw={
            "seed": seed, "name": name, "teams": library_event.teams,
            "forfeits": [_("round %(round)s, table %(table)s against %(name)s", round=row.round,
                           table=row.table, name=names[row.entrants[1 - side]])
                         for row, side in forfeits]})
    try:
        store.withdraw(event, seed, forfeits, name, _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


@bp.post("/clubs/<int:club_id>/events/<int:event_id>/entrants/<int:seed>/withdraw/undo")
def undo_withdraw(club_id: int, event_id: int, seed: int):
    """A withdrawal undone until the next round is seated: the matches it forfeited are played
    again, each with a new first game."""
    found, refused = _withdrawing(club_id, event_id, seed)
    if refused:
        return refused
    club, phone, event, library_event, name = found
    data = store.withdrawal(event.id, seed) if seed in library_event.withdrawn else None
    if data is None:
        return _refused(club, phone, event, _("%(name)s has not withdrawn.", name=name))
    latest = max(m.round for m in event.matches)
    if latest > data["latest"]:
        return _refused(club, phone, event, _("Round %(round)s was seated since %(name)s "
                                              "withdrew: the withdrawal stands.",
                                              round=latest, name=name))
    games = [(row.id, running.game_record(event, library_event.seats(tuple(row.entrants)), 0))
             for row in event.matches if row.id in data["forfeits"] and row.forfeit is not None]
    try:
        store.undo_withdrawal(event, seed, games, name, _via(phone))
    except store.Refused as refused:
        return _refused(club, phone, event, refused.sentence)
    return _to_event(club_id, event_id)


# --------------------------------------------------------------------------- export, import

def _csv(club_id: int, event_id: int, sheet, name: str):
    """A sheet of the event, made once per stamp (as the pages are) and kept in the render
    cache: the same for every member."""
    head = live.head(club_id, event_id)
    key = f"event-{name}.csv:{head.stamp}"
    body = render_cache.cache().get(key)
    if body is None:
        try:
            body = sheet(records.event_record(records.load_event(club_id, event_id)))
        except ValueError as problem:
            return web.refuse(422, _("Not a valid event"), i18n.say(problem.args[0]))
        render_cache.cache().put(key, body)
    response = make_response(body)
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="scorekeeper-event-{event_id}-{name}.csv"')
    return response


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/standings.csv")
def standings_csv(club_id: int, event_id: int):
    return _csv(club_id, event_id, sheets.standings_csv, "standings")


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/schedule.csv")
def schedule_csv(club_id: int, event_id: int):
    return _csv(club_id, event_id, sheets.schedule_csv, "schedule")


@bp.get("/clubs/<int:club_id>/events/<int:event_id>/export.json")
def export(club_id: int, event_id: int):
    """The event record (events.md): what `scorekeeper standings` and an import read."""
    event = _loaded(live.head(club_id, event_id))  # (the head: this phone's membership)
    return web.json_download(records.event_record(event), f"scorekeeper-event-{event.id}.json")


@bp.post("/clubs/<int:club_id>/events/import")
@security.large_upload
def import_event(club_id: int):
    """An event record as a new event of the club, checked whole by the events library (one
    plain message naming the match) before anything is saved. Read with the roster (who of
    the record's people it has)."""
    club, phone = roster.load_club(club_id, people=True)
    raw = security.read_json(web.uploaded_text("record"))
    problem = setup.problem_of(raw)
    fields = entrants = None
    if problem is None:
        fields, entrants, problem = setup.imported(raw)
    if problem:
        return _new_page(club, None, [problem], 422)
    matches = setup.imported_matches(raw)
    event_id = store.import_event(club, access.phone_id(create=True), _via(phone), fields,
                                  entrants, matches)
    return _to_event(club_id, event_id)


# --------------------------------------------------------------------------- on game pages

@bp.app_context_processor
def _event_helpers():
    """event_of(game): the event a game was played in, for its page (one statement, only for
    a game of an event)."""
    return {"event_of": records.event_of}
