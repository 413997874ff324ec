"""An event's pages send the same number of SQL statements however many games it holds
(counted, never timed: bench/bench_events.py and bench_wrk.py time them), at most six with
nothing kept (the first request after a change), at most one for a poll of an unchanged event
(a 304), none while the kept head and render serve it."""
from __future__ import annotations

from ..clubs.helpers import create_club
from ..test_live_scale import MAX_STATEMENTS, statements
from .helpers import drop_caches, import_event, played_event, players_record, teams_record

HX = {"HX-Request": "true"}
VIEWS = {"page": ("", {}), "tv": ("/tv", {}), "standings.csv": ("/standings.csv", {}),
         "schedule.csv": ("/schedule.csv", {}), "export.json": ("/export.json", {}),
         "history": ("/history", {}), "live": ("/live", HX), "tv poll": ("/tv", HX)}
POLLS = ("live", "tv poll")
READ_EVERY_TIME = ("export.json", "history")  # (a download of the whole record, the audit)


def _counts(app, client, club_id: int, event_id: int) -> dict[str, int]:
    """The statements of each view: with nothing kept ("fresh"), then served again ("kept");
    each poll's 304 with nothing kept, then kept."""
    from scorekeeper.extensions import db

    base = f"/clubs/{club_id}/events/{event_id}"
    counts = {}

    def count(label, path, headers, status):
        db.session.remove()  # each request starts with an empty session, as in a server
        with statements() as seen:
            response = client.get(base + path, headers=headers)
        assert response.status_code == status, (label, response.status_code)
        counts[label] = len(seen)
        return response

    for name, (path, headers) in VIEWS.items():
        drop_caches(app)
        count(f"{name} fresh", path, headers, 200)
        response = count(f"{name} kept", path, headers, 200)
        if name in POLLS:
            unchanged = {**headers, "If-None-Match": response.headers["ETag"]}
            drop_caches(app)
            count(f"{name} 304 fresh", path, unchanged, 304)
            count(f"{name} 304 kept", path, unchanged, 304)
    return counts


def _check(app, client, small_record: dict, big_record: dict) -> dict[str, int]:
    club_id = create_club(client)
    small = _counts(app, client, club_id, import_event(client, club_id, small_record))
    big = _counts(app, client, club_id, import_event(client, club_id, big_record))
    print("statements per event request:", big)
    assert small == big  # none grows with the games
    assert max(big.values()) <= MAX_STATEMENTS, big
    # the event's head, in one statement; none while it is kept (on a database server, and
    # in memory, the head is read every time: kept_reads)
    head = 0 if "scorekeeper_kept_reads" in app.extensions else 1
    for poll in POLLS:
        assert big[f"{poll} 304 fresh"] <= 1 and big[f"{poll} 304 kept"] == head, big
    for name in VIEWS:
        if name not in READ_EVERY_TIME:
            assert big[f"{name} kept"] == head, big
    return big


def test_statements_do_not_grow_with_the_games(app, client):
    _check(app, client, played_event(teams_record(4)), played_event(teams_record(10)))


def test_a_pools_night_of_32_teams_as_of_8(app, client):
    _check(app, client, played_event(teams_record(8, "pools", best_of=3)),
           played_event(teams_record(32, "pools", best_of=3)))


def test_a_progressive_event_too(app, client):
    _check(app, client, played_event(players_record(8, rounds=3)),
           played_event(players_record(12, rounds=6)))


# the club, this phone's membership, the event and what the action needs of it: one statement
READS_BEFORE_A_WRITE = 1


def _organizer_counts(app, client, teams: int) -> dict[str, tuple[int, int]]:
    """(reads before the first write, all statements) of each organizer action on a round
    robin of `teams` teams at round 1 (a table phone moved, a forfeit, a late entrant), and a
    swap on a progressive event of as many players."""
    from scorekeeper import store
    from scorekeeper.extensions import db

    from .helpers import club_with_event, event, round_games, scorer_path, start_round, url

    counts = {}

    def count(label, path, data):
        db.session.remove()  # each request starts with an empty session, as in a server
        with statements() as seen:
            response = client.post(path, data=data)
        assert response.status_code == 303, (label, response.status_code)
        writes = [i for i, s in enumerate(seen) if s.lstrip().split()[0].upper()
                  in ("INSERT", "UPDATE", "DELETE")]
        counts[label] = (writes[0], len(seen))

    names = [f"A{i} & B{i}" for i in range(teams)]
    club_id, event_id = club_with_event(client, entrants="\n".join(names))
    assert start_round(client, club_id, event_id).status_code == 303
    first = round_games(event_id, 1)[0]
    card, match_id = scorer_path(first), first.event_match_id
    assert app.test_client().get(card).status_code == 303
    [(phone_id, _table)] = store.table_phones(event_id)
    count("move", url(club_id, event_id, f"/phones/{phone_id}"), {"table": "2"})
    count("forfeit", url(club_id, event_id, f"/matches/{match_id}/forfeit"),
          {"side": "1"})
    count("late entrant", url(club_id, event_id, "/entrants"), {"entrant": "Kim & Lou"})
    players = "\n".join(f"P{i}" for i in range(teams + 1))
    club_id, event_id = club_with_event(client, entrants=players, fmt="progressive")
    assert start_round(client, club_id, event_id).status_code == 303
    e = event(event_id)
    match = next(m for m in e.matches if m.bye is None)
    sitting = next(m.bye for m in e.matches if m.bye is not None)
    count("swap", url(club_id, event_id, f"/matches/{match.id}/swap"),
          {"out": str(match.entrants[0]), "in": str(sitting)})
    return counts


def test_an_organizers_action_reads_the_same_however_big_the_event(app, client):
    """An organizer's action reads the event once (its club, this phone's membership, the
    event and the matches and entrants it needs, in one statement: no game's hands or seats
    unless the action needs the record), writes, and reads nothing back for its answer (a
    303 by the ids it was sent): the same statements for 4 teams as for 12."""
    small, big = _organizer_counts(app, client, 4), _organizer_counts(app, client, 12)
    print("organizer actions (reads before the first write, all statements):", big)
    assert small == big
    needs = {"late entrant": 1}  # every match (the record it checks: who plays when)
    assert all(reads == READS_BEFORE_A_WRITE + needs.get(action, 0)
               for action, (reads, _all) in big.items()), big
    assert big["move"][1] == READS_BEFORE_A_WRITE + 4, big  # the bump, its table, the row, audit
