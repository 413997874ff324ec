"""The OpenAPI document is valid OpenAPI 3, and the API keeps to it: a bounded Schemathesis run
over every operation, with a token that may do everything there and with none. No answer is a
500, every answer's status, content type and body are the documented ones, and the database is
consistent afterwards (each game's version is its audit rows, its hands numbered in order, its
cached summary the one its record gives)."""
from __future__ import annotations

import time

import schemathesis
from hypothesis import HealthCheck, given, settings
from openapi_spec_validator import validate
from schemathesis import checks

from scorekeeper import store
from scorekeeper.extensions import db
from scorekeeper.models import Game

from tests.web.clubs.helpers import person_id
from tests.web.helpers import game

from .helpers import LECHNER_HAND, api_client, bearer, club_game, club_token, create_club

# What every answer must be, by its documentation (the positive-data checks are left out: a
# generated hand is rarely one the engine takes, and a refused one is a documented 422).
CHECKS = [checks.not_a_server_error, checks.status_code_conformance,
          checks.content_type_conformance, checks.response_schema_conformance,
          checks.response_headers_conformance]
PLAIN = {"Accept-Encoding": "identity"}
EXAMPLES = 10  # per operation and way (with a token, without): the whole run stays < 60 s


def test_the_document_is_valid_openapi_3(client):
    r = client.get("/api/v1/openapi.json")
    assert r.status_code == 200
    document = r.get_json()
    validate(document)
    assert document["openapi"].startswith("3.")
    assert {"/api/v1/games/{game_id}", "/api/v1/games/{game_id}/hands",
            "/api/v1/games/{game_id}/hands/{number}", "/api/v1/games/{game_id}/hands/undo",
            "/api/v1/clubs/{club_id}/games"} <= set(document["paths"])


def test_the_docs_page_draws_the_document_from_local_files(client):
    r = client.get("/api/v1/docs")
    html = r.get_data(as_text=True)
    assert r.status_code == 200 and "/api/v1/openapi.json" in html
    assert "/static/js/api-docs.js" in html and "https://" not in html.split("<body")[1]


def _consistent() -> None:
    db.session.expire_all()
    for row in db.session.scalars(db.select(Game)).all():
        g = game(row.id)
        assert [h.number for h in g.hands] == list(range(len(g.hands)))
        assert g.version == len(g.events), (g.id, g.version, [e.action for e in g.events])
        assert g.summary == store.derive_summary(g.record())


def test_every_operation_keeps_to_the_document(app, client):
    started = time.monotonic()
    club_id = create_club(client)
    gid = club_game(client, club_id, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    token = club_token(client, club_id, "club-write")
    api = api_client(app)
    api.post(f"/api/v1/games/{gid}/hands", json={"hand": LECHNER_HAND, "version": 1},
             headers=bearer(token))
    real = {"game_id": gid, "club_id": club_id, "number": 0, "code": game(gid).code,
            "person_id": person_id(club_id, "Ann")}
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 6

    for operation in operations:
        turn = iter(range(10**6))

        @given(case=operation.as_strategy())
        @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                  suppress_health_check=list(HealthCheck))
        def run(case):
            if next(turn) % 2:  # every other case on the club's real rows, at the game's
                # version: so the operations reach the engine and the store, past 404 and 409
                case.path_parameters = {k: real.get(k, v)
                                        for k, v in (case.path_parameters or {}).items()}
                if case.headers and "If-Match" in case.headers:
                    case.headers["If-Match"] = f'"g{gid}-v{game(gid).version}-s1"'
            # (uncompressed: the WSGI transport does not undo Flask-Compress)
            case.call_and_validate(headers=bearer(token, **PLAIN), checks=CHECKS)
            case.call_and_validate(headers=PLAIN, checks=CHECKS)  # and with no token
        run()
    _consistent()
    assert time.monotonic() - started < 60
