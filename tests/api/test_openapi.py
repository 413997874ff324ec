"""The OpenAPI document is valid OpenAPI 3, and the API keeps to it: a bounded Schemathesis run
over every operation, with a token that may do everything there and with none. No answer is a
500, every answer's status, content type and body are the documented ones, and the database is
consistent afterwards (each game's version is its audit rows, its hands numbered in order, its
cached summary the one its record gives)."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from openapi_spec_validator import validate
from schemathesis.checks import CHECKS as CHECKS_REGISTRY, load_all_checks
from schemathesis.specs.openapi.checks import positive_data_acceptance

from scorekeeper import store
from scorekeeper.extensions import db
from scorekeeper.models import Game, GuessAttempt

from tests.web.clubs.helpers import person_id
from tests.web.helpers import game

from .helpers import LECHNER_HAND, api_client, bearer, club_game, club_token, create_club

# Every check Schemathesis has. ST202 (schema-valid data accepted) with a write's own refusals of
# a schema-valid body besides its defaults: the rules refuse the hand (422: a schema cannot say
# what the game's state allows), or it was made on another version (412, 409) or on none (428:
# If-Match or a body's `version`, which a schema cannot require one of).
load_all_checks()
WRITE_REFUSALS = {409, 412, 422, 428}


def _write_accepts_valid_data(ctx, response, case):
    meta = case.meta
    if meta is not None and meta.generation.mode.is_positive and \
            response.status_code in WRITE_REFUSALS:
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = CHECKS_REGISTRY.get_all()
WRITE_CHECKS = [c for c in CHECKS if c is not positive_data_acceptance] + [
    _write_accepts_valid_data]
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
            # (ignored_auth sends wrong tokens: each case starts with none counted, or the
            # eleventh is the 429 that bounds them, not the 401 the check asks)
            db.session.execute(db.delete(GuessAttempt))
            db.session.commit()
            # (uncompressed: the WSGI transport does not undo Flask-Compress)
            checks = WRITE_CHECKS if operation.method.upper() in ("POST", "PUT") else CHECKS
            case.call_and_validate(headers=bearer(token, **PLAIN), checks=checks)
            case.call_and_validate(headers=PLAIN, checks=checks)  # and with no token
        run()
    _consistent()
    assert time.monotonic() - started < 60


def test_the_document_names_each_operation_its_headers_and_the_server(client):
    document = client.get("/api/v1/openapi.json").get_json()
    operations = [(path, method, op) for path, item in document["paths"].items()
                  for method, op in item.items() if method in ("get", "post", "put")]
    ids = [op.get("operationId") for _path, _method, op in operations]
    assert all(ids) and len(set(ids)) == len(ids) == len(operations)
    assert document["servers"]
    responses = document["components"]["responses"]

    def headers(answer):
        return set((responses[answer["$ref"].rsplit("/", 1)[1]] if "$ref" in answer
                    else answer).get("headers", {}))

    for path, method, op in operations:
        for status, answer in op["responses"].items():
            assert {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"} <= \
                headers(answer), (path, method, status)
            if method == "get" and status in ("200", "304"):
                assert "ETag" in headers(answer), (path, status)
    appended = document["paths"]["/api/v1/games/{game_id}/hands"]["post"]["responses"]["201"]
    assert {"ETag", "Location", "Idempotent-Replayed"} <= headers(appended)
    assert "Retry-After" in responses["TOO_MANY_REQUESTS"]["headers"]
    code = document["paths"]["/api/v1/viewer/{code}"]["get"]["parameters"]
    assert [p["schema"]["pattern"] for p in code if p["name"] == "code"] == [
        "^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{7}$"]


def test_the_record_hand_and_result_schemas_describe_real_games(client):
    """Each variant's records (random, valid) and their results are what the document's
    GameRecord (one shape per variant: oneOf), Hand and GameResult say."""
    import random

    from openapi_schema_validator import OAS30Validator

    from scorekeeper import rules
    from tests.random_games import random_record

    document = client.get("/api/v1/openapi.json").get_json()
    schemas = document["components"]["schemas"]
    assert len(schemas["GameRecord"]["oneOf"]) == len(rules.VARIANTS)

    def validator(name):
        return OAS30Validator({**schemas[name], "components": document["components"]})

    record_ok, hand_ok, result_ok = (validator(n) for n in ("GameRecord", "Hand", "GameResult"))
    rng = random.Random(42)
    seats = {"card42": 5, "moon": 3, "mexican-train": 4, "castle-rock": 1}
    for variant in rules.VARIANTS:
        names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:seats.get(variant, 4)]
        record = random_record(rng, variant, names, hands=6)
        record_ok.validate(record)
        for hand in record["hands"]:
            hand_ok.validate(hand)
        result_ok.validate(rules.score(record))
        wrong = {**record, "variant": "no-such-game"}
        assert not record_ok.is_valid(wrong)


SHARED_SPEC = Path(__file__).resolve().parents[3] / "shared" / "spec"


@pytest.mark.parametrize("name", ["game-record", "rules", "stats", "events", "ratings"])
def test_the_specifications_the_document_names_are_served_as_written(client, name):
    """The schemas' descriptions link the specifications they follow: each is served, the
    project's spec as it stands (a copy in the package, kept equal to it here)."""
    r = client.get(f"/api/v1/spec/{name}.md")
    assert r.status_code == 200 and r.mimetype == "text/markdown"
    if SHARED_SPEC.is_dir():
        assert r.get_data(as_text=True) == (SHARED_SPEC / f"{name}.md").read_text()
    document = client.get("/api/v1/openapi.json").get_data(as_text=True)
    linked = set(re.findall(r"/api/v1/spec/([\w-]+)\.md", document))
    assert linked and linked <= {"game-record", "rules", "stats", "events", "ratings"}
    assert "/api/v1/spec/" in client.get("/api/v1/docs").get_data(as_text=True)


@pytest.mark.parametrize("name", ["style", "architecture", "..%2Fsecret_key", "x"])
def test_no_other_file_is_served_as_a_specification(client, name):
    assert client.get(f"/api/v1/spec/{name}.md").status_code == 404
