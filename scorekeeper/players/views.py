"""Routes of the players blueprint: a game's review (chart, hand-by-hand sheet) and its CSV;
a club's archive of games, a person's page, the club's stats, and their CSVs.

A game's review needs the same role as the game page (access.require_reader: a browser without
one is sent to /join); it scores the record once (rules.score) and hands the result to the pure
view-models in review.py and charts.py. The club pages are for the club's members only
(access.member, else 403); they read the cached game summaries in a fixed number of statements
(queries.py) and sum them with scorekeeper.stats (numbers.py: one function per page, which its
CSV calls too).
"""
from __future__ import annotations

import csv
import hashlib
import io
from datetime import date

from typing import Iterable, Iterator

from flask import Response, abort, make_response, redirect, request, url_for
from flask_babel import gettext as _

from .. import access, club_ratings as replays, i18n, rules, store, web
from ..extensions import db
from ..models import Member, utcnow
from ..rules.record import whole_number
from ..stats import clean_name
from . import bp, charts, numbers, queries, rating_pages, review

MAX_SEASON_NAME = 60


def csv_response(rows: Iterable[list], filename: str, stream: bool = False):
    """A CSV download that opens cleanly in a spreadsheet: UTF-8 with a byte order mark (Excel
    needs it to read UTF-8), CRLF line ends (RFC 4180), a header row first. Every text cell
    goes through review.safe_text (no formula runs); numbers stay numbers. With `stream`, sent
    as the rows come, a few hundred at a time (a club's whole archive: never all in memory)."""
    chunks = _csv_chunks(rows)
    response = Response(chunks) if stream else make_response(b"".join(chunks))
    response.mimetype = "text/csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _csv_chunks(rows: Iterable[list], per_chunk: int = 500) -> Iterator[bytes]:
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    for n, row in enumerate(rows, 1):
        writer.writerow([review.safe_text(c) if isinstance(c, str) else c for c in row])
        if n % per_chunk == 0:
            yield out.getvalue().encode("utf-8")
            out.seek(0)
            out.truncate()
    yield out.getvalue().encode("utf-8")


@bp.get("/games/<int:game_id>/review")
def game_review(game_id: int):
    game = access.load_game(game_id)
    record = game.record()
    result = rules.score(record)
    variant = rules.VARIANTS.get(game.variant)
    # the variant's own word (English): the templates say its sentences (_hand_words.html)
    word = variant.hand_word if variant else "Hand"
    return web.render(
        "players/review.html", "players/_review.html", game=game, variant=variant,
        record=record, result=result, word=word,
        chart=charts.running_totals(result, word, bool(variant and variant.lowest_wins)),
        sheet=review.grid(variant, record, result) if variant else None)


@bp.get("/games/<int:game_id>/hands.csv")
def game_hands_csv(game_id: int):
    game = access.load_game(game_id)
    variant = rules.VARIANTS.get(game.variant)
    if variant is None:
        abort(404)
    record = game.record()
    rows = review.csv_rows(variant, record, rules.score(record), variant.hand_word)
    return csv_response(rows, f"scorekeeper-{game.variant}-{game.id}-hands.csv")


# --------------------------------------------------------------------------- a club's games

def _club(club_id: int) -> store.ClubHead:
    """The club's head (its id, name and stamp), when this request's phone (access.phone_id)
    is one of its members' (its Member row is read with the club, as access.member reads it):
    404 for an unknown club, the plain 403 page for anyone else. The page speaks the club's
    language (i18n.speak_club_language)."""
    club = store.club_head(club_id, access.phone_id())
    if club is None:
        abort(404)
    if club.member_id is None:
        abort(403)
    i18n.speak_club_language(club.language)
    return club


@bp.get("/clubs/<int:club_id>/games")
def club_games(club_id: int):
    club = _club(club_id)
    names, events = queries.people(club.id), queries.events(club.id)
    filters = queries.read_filters(request.args, rules.VARIANTS, names, events)

    def listed():
        page = queries.club_games(club.id, filters, queries.PAGE_SIZE)
        return {"people": names, "archive": page, "f": page.filters, "events": events,
                "rows": [numbers.archive_row(g) for g in page.games]}

    return _club_page(club, "players/archive.html", "players/_archive_list.html",
                      (*filters.query_args().items(), *names.items(), *events.items()), listed,
                      people=names, f=filters, variants=rules.VARIANTS, events=events)


@bp.get("/clubs/<int:club_id>/games.csv")
def club_games_csv(club_id: int):
    club = _club(club_id)
    filters = queries.read_filters(request.args, rules.VARIANTS, queries.people(club.id))
    return csv_response(numbers.archive_csv_rows(queries.archive_stream(club.id, filters)),
                        f"scorekeeper-club-{club.id}-games.csv", stream=True)


def _club_page(club: store.ClubHead, page: str, partial: str, inputs: tuple, make_context, **ctx):
    """A club page that shows what its games hold (partials/<partial>: the numbers, a page
    of the archive, inside `page` with `ctx`; htmx gets the part alone), rendered once per club
    stamp (store.club_stamp: every write to one of its games moves it), the club's name and
    `inputs` (all else it shows: the filters, the roster's names, the events), then served to
    every member from this process's render cache (web.render_kept): reading and laying out
    the games cost more than the rest of the request. On a miss `make_context()` reads them
    (after the stamp: a page cached under an old stamp is never asked for again)."""
    digest = hashlib.blake2s(repr(inputs).encode(), digest_size=16).hexdigest()
    return web.render_kept(f"club:{page}:{club.id}:{club.stamp}:{club.name}:{digest}", page,
                           partial, lambda: {"club": club, **ctx, **make_context()})


@bp.get("/clubs/<int:club_id>/people/<int:person_id>")
def person_page(club_id: int, person_id: int):
    club = _club(club_id)
    names = queries.people(club.id)
    if person_id not in names:
        abort(404)
    events = queries.events_of_person(person_id)
    return _club_page(
        club, "players/person.html", "players/_person.html",
        (person_id, *names.items(), *events.items()),
        lambda: {"people": names, "person_id": person_id, "name": names[person_id],
                 "events": events, **numbers.person_page(club.id, person_id, names)},
        name=names[person_id])


@bp.get("/clubs/<int:club_id>/people/<int:person_id>.csv")
def person_csv(club_id: int, person_id: int):
    club = _club(club_id)
    names = queries.people(club.id)
    if person_id not in names:
        abort(404)
    return csv_response(numbers.person_csv_rows(club.id, person_id, names),
                        f"scorekeeper-club-{club.id}-person-{person_id}.csv")


@bp.get("/clubs/<int:club_id>/stats")
def club_stats(club_id: int):
    club = _club(club_id)
    names = queries.people(club.id)

    def numbers_of_everyone():
        summary, boards, overall = numbers.leaderboards(club.id, names)
        # each person's link made once, not once per board she is on (url_for is most of a
        # row)
        pages = {pid: url_for("players.person_page", club_id=club.id, person_id=pid)
                 for pid in names}
        return {"summary": summary, "boards": boards, "overall": overall, "pages": pages}

    return _club_page(club, "players/club_stats.html", "players/_club_stats.html",
                      tuple(names.items()), numbers_of_everyone)


@bp.get("/clubs/<int:club_id>/stats.csv")
def club_stats_csv(club_id: int):
    club = _club(club_id)
    rows = numbers.stats_csv_rows(club.id, queries.people(club.id))
    return csv_response(rows, f"scorekeeper-club-{club.id}-stats.csv")


# --------------------------------------------------------------------------- ratings, seasons

def _season(club_id: int) -> tuple[list, object, str]:
    """(the club's seasons, the one shown or None for all time, the switch's value): the
    `season` asked for ("all" or a season's id), else the season running today, else all
    time."""
    seasons = replays.seasons(club_id)
    asked = request.args.get("season", "")
    if asked == "all":
        return seasons, None, "all"
    chosen = next((s for s in seasons if str(s.id) == asked), None)
    if chosen is None and not asked:
        chosen = replays.current_season(seasons, utcnow().date())
    return seasons, chosen, str(chosen.id) if chosen else "all"


def _group(club_ratings: replays.ClubRatings) -> str:
    """The rating group asked for, else the first one with a rated game."""
    asked = request.args.get("group", "")
    if asked in rating_pages.GROUPS:
        return asked
    return next((g for g in rating_pages.GROUPS if g in club_ratings.ratings.groups),
                rating_pages.GROUPS[0])


def _season_keys(seasons: list) -> tuple:
    return tuple((s.id, s.name, s.first_day, s.last_day) for s in seasons)


def _ratings_page(club: store.ClubHead, status: int = 200, **ctx):
    """The leaderboard; kept per club stamp and all it shows (_club_page), but for an answer
    to the season form (ctx: its error and what was typed)."""
    names = queries.people(club.id)
    seasons, season, choice = _season(club.id)
    rated = replays.club_ratings(club.id, season)
    group_id = _group(rated)
    admin = db.session.get(Member, club.member_id)
    shown = dict(seasons=seasons, season=season, choice=choice, group_id=group_id,
                 groups=rating_pages.GROUPS, title=rating_pages.group_title,
                 partnership=rating_pages.partnership(group_id),
                 hint=rating_pages.GROUP_HINTS.get(group_id),
                 is_admin=bool(admin and admin.is_admin))

    def board():
        return {"board": rating_pages.leaderboard(rated, group_id, names)}

    if ctx:
        return web.render("players/ratings.html", "players/_ratings.html", status, club=club,
                          **shown, **board(), **ctx)
    return _club_page(club, "players/ratings.html", "players/_ratings.html",
                      (group_id, choice, shown["is_admin"], _season_keys(seasons),
                       *names.items()), board, **shown)


@bp.get("/clubs/<int:club_id>/ratings")
def club_ratings(club_id: int):
    """A rating group's leaderboard (and its pairs'), all time or a season."""
    return _ratings_page(_club(club_id))


@bp.get("/clubs/<int:club_id>/ratings.csv")
def club_ratings_csv(club_id: int):
    club = _club(club_id)
    _seasons, season, choice = _season(club.id)
    rated = replays.club_ratings(club.id, season)
    group_id = _group(rated)
    pairs = request.args.get("board") == "pairs" and rating_pages.partnership(group_id)
    board = rating_pages.leaderboard(rated, group_id, queries.people(club.id))
    return csv_response(rating_pages.csv_rows(board, pairs),
                        f"scorekeeper-club-{club.id}-{group_id}-{'pairs' if pairs else 'ratings'}"
                        f"-{'all-time' if season is None else f'season-{choice}'}.csv")


@bp.post("/clubs/<int:club_id>/seasons")
def name_season(club_id: int):
    """The admin names a season (name, first and last day): refused with a plain message
    for anyone else, for days that make no sense or overlap another season."""
    club = _club(club_id)
    admin = db.session.get(Member, club.member_id)
    if admin is None:
        abort(403)
    name = clean_name(request.form.get("name", ""))[:MAX_SEASON_NAME]
    try:
        first = date.fromisoformat(request.form.get("first_day", "").strip())
        last = date.fromisoformat(request.form.get("last_day", "").strip())
    except ValueError:
        first = last = None
    error = None
    if not name:
        error = _("Give the season a name.")
    elif first is None:
        error = _("Give the season's first and last day as dates.")
    else:
        try:
            store.name_season(admin, name, first, last, f"club admin {admin.display}"[:40])
        except store.Refused as refused:
            error = i18n.say(refused.sentence)
    if error:
        return _ratings_page(club, 422, season_error=error, typed=request.form)
    return web.redirect_to(url_for("players.club_ratings", club_id=club.id)) if web.is_htmx() \
        else redirect(url_for("players.club_ratings", club_id=club.id), 303)


@bp.get("/clubs/<int:club_id>/people/<int:person_id>/ratings")
def person_ratings(club_id: int, person_id: int):
    """A person's rating per group: its history as a chart, nemesis, favourite opponent, best
    partner, and the head to head with anyone (`vs`)."""
    club = _club(club_id)
    names = queries.people(club.id)
    if person_id not in names:
        abort(404)
    seasons, season, choice = _season(club.id)
    vs = whole_number(request.args.get("vs"))
    vs_id = vs if vs in names and vs != person_id else None
    return _club_page(
        club, "players/person_ratings.html", "players/_person_ratings.html",
        (person_id, choice, vs_id, _season_keys(seasons), *names.items()),
        lambda: {"groups": rating_pages.person_groups(club.id, person_id, names, season,
                                                      seasons, vs_id)},
        person_id=person_id, name=names[person_id], people=names, seasons=seasons,
        season=season, choice=choice, vs=vs_id)
