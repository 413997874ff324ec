"""Two clients appending the same hand at the same moment (SQLite here; PostgreSQL in the
suite's TEST_DATABASE_URL pass): exactly one hand, with the same Idempotency-Key (both get the
first answer) and without (the second is refused as stale, 409)."""
from __future__ import annotations

import threading

from tests.web.helpers import game

from .helpers import LECHNER_HAND, bearer, create, game_token


def _at_once(app, gid: int, token: str, keys: list[str | None]) -> list:
    """POST the same hand on version 1 from one client per key, released together."""
    barrier = threading.Barrier(len(keys))
    answers = [None] * len(keys)

    def send(i: int, key: str | None):
        c = app.test_client()
        headers = bearer(token, **({"Idempotency-Key": key} if key else {}))
        barrier.wait()
        answers[i] = c.post(f"/api/v1/games/{gid}/hands",
                            json={"hand": LECHNER_HAND, "version": 1}, headers=headers)

    threads = [threading.Thread(target=send, args=(i, k)) for i, k in enumerate(keys)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def test_the_same_key_twice_at_once_makes_one_hand_and_one_answer(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    answers = _at_once(app, gid, token, ["hand-1-from-the-tv"] * 3)
    assert [a.status_code for a in answers] == [201] * 3, [a.get_json() for a in answers]
    assert len({a.get_data() for a in answers}) == 1
    assert sum(a.headers.get("Idempotent-Replayed") == "true" for a in answers) == 2
    assert [h.data for h in game(gid).hands] == [LECHNER_HAND]
    assert game(gid).version == 2


def test_without_a_shared_key_the_second_is_stale(app, client):
    for keys in ([None, None], ["a", "b"]):
        gid = create(client, "lechner42")
        token = game_token(client, gid)
        answers = _at_once(app, gid, token, keys)
        statuses = sorted(a.status_code for a in answers)
        assert statuses == [201, 409], [a.get_json() for a in answers]
        assert [h.data for h in game(gid).hands] == [LECHNER_HAND]


def test_a_retry_after_the_answer_gets_it_again_and_another_body_is_refused(app, client):
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = app.test_client()
    headers = bearer(token, **{"Idempotency-Key": "k1"})
    first = api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                     headers=headers)
    again = api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                     headers=headers)
    assert first.status_code == again.status_code == 201
    assert first.get_data() == again.get_data() and again.headers["ETag"] == first.headers["ETag"]
    other = api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 2},
                     headers=headers)
    assert other.status_code == 422 and "another request" in other.get_json()["detail"]
    assert len(game(gid).hands) == 1
    # a refusal changed nothing: it is answered anew each time, never replayed
    stale = bearer(token, **{"Idempotency-Key": "k2"})
    for _ in range(2):
        r = api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
                     headers=stale)
        assert r.status_code == 409 and "Idempotent-Replayed" not in r.headers
    assert len(game(gid).hands) == 1


def test_a_new_game_sent_twice_with_one_key_is_one_game(app, client):
    from scorekeeper.models import Game

    from .helpers import club_token, create_club

    club = create_club(client)
    token = club_token(client, club, "club-write")
    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"]}
    answers = [app.test_client().post(f"/api/v1/clubs/{club}/games", json={"record": record},
                                      headers=bearer(token, **{"Idempotency-Key": "night-1"}))
               for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].get_json() == answers[1].get_json()
    assert Game.query.filter_by(club_id=club).count() == 1
