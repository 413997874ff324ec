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

from typing import Iterable, Iterator

from flask import Response, abort, make_response, request, url_for

from .. import access, rules, store, web
from ..filters import hand_word
from . import bp, charts, numbers, queries, review


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
    word = hand_word(game.variant)
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
    rows = review.csv_rows(variant, record, rules.score(record), hand_word(game.variant))
    return csv_response(rows, f"scorekeeper-{game.variant}-{game.id}-hands.csv")


# --------------------------------------------------------------------------- a club's games

def _club(club_id: int) -> store.ClubHead:
    """The club's head (its id, name and stamp), when this request's phone (access.phone_id)
    is one of its members' (its Member row is read with the club, as access.member reads it):
    404 for an unknown club, the plain 403 page for anyone else."""
    club = store.club_head(club_id, access.phone_id())
    if club is None:
        abort(404)
    if club.member_id is None:
        abort(403)
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
