"""A seeded fuzz test over every route: no request may answer 500 or log a traceback.

The routes come from app.url_map (so the test follows any move of a view), each with its own
methods and now and then another; path values, query strings, form fields (the field names the
templates and the views use, the hand form's per-seat fields, every variant's options), bodies
(form, multipart with a file, JSON, raw bytes), cookies (this phone's real creator and member
cookies, and forged or broken ones) and headers (htmx's, ETags, a malformed Host, proxies'),
drawn from values that are valid, at the edges, or hostile: among them text no database or
export can hold (lone surrogates, NUL), digits that are not ASCII ("²", "٣"), bidi marks and
100 KB strings, in every field of every form, every import (game, club, event: their records
carry it in names, keys and hands) and every API body (sent with a real token). A fresh game,
club and roster are made every so often, as the fuzzing may leave the club or take hands back;
before each, every club's export must still be written (and the fuzzed club's answer 200).

FUZZ_REQUESTS (default 2,000; CI runs 4,000: .ci/run) and FUZZ_SEED (default 19) set its
size and seed: four shards
of a quarter each, seeded FUZZ_SEED to FUZZ_SEED + 3, which pytest-xdist runs side by side; a
failure names its shard's seed and the request to replay. Runs on PostgreSQL too with
TEST_DATABASE_URL.
"""
from __future__ import annotations

import functools
import io
import json
import logging
import os
import random
import re
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from werkzeug.routing import IntegerConverter

from scorekeeper.games import hand_form as forms
from scorekeeper.extensions import db
from scorekeeper.models import Club, Game, Member, Person
from scorekeeper.rules import VARIANTS

from tests.api.helpers import club_token, game_token

from .clubs.helpers import club_game, create_club
from .helpers import create, post_hand

REQUESTS = int(os.environ.get("FUZZ_REQUESTS", "2000"))
SEED = int(os.environ.get("FUZZ_SEED", "19"))
SHARDS = 4
REFRESH = 150  # requests between fresh games and clubs

ROOT = Path(__file__).resolve().parents[2]

HOSTS = ["localhost", "a..b", "x" * 64 + ".example", "[", "[::1", "a:b:c", "x:abc", "x:99999", "exa mple", "", "ä", "x\x00y",
         "[::1]:5000", "very." * 60 + "long"]
QUERY = ["from", "to", "page", "person", "status", "variant", "view", "locked", "code", "v",
         "vs", "season"]
# Text a form, an import or an API body may carry and no database or export can hold, or that
# only looks like what it is not: lone surrogates, NUL, digits str.isdigit() takes and int()
# refuses, bidi and zero-width marks, and a 100 KB string.
HOSTILE_TEXT = ["\ud800", "a\udfffb", "\udc80\ud800", "\x00", "a\x00b", "²", "³", "¹", "1²", "٣",
                "\u202e1", "\u200f", "\u2067x\u2069", "\u200b", "x" * 100_000]
METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"]
CONTENT_TYPES = ["application/json", "text/plain", "multipart/form-data; boundary=",
                 "multipart/form-data", "application/x-www-form-urlencoded; charset=latin-1",
                 "application/octet-stream", "x/\x00", ""]


def _field_names() -> list[str]:
    """Every form and query field the app reads: the names in its templates and in its
    `.get("...")` calls (an f-string's {…} as seats 0-4), the hand form's fields, and
    "opt-<name>" for every variant's options."""
    names = set(forms.SIMPLE_FIELDS)
    names |= {f"{prefix}-{seat}" for prefix in forms.SEAT_FIELDS for seat in range(5)}
    names |= {f"opt-{o.name}" for v in VARIANTS.values() for o in v.options}
    texts = [p.read_text() for p in (ROOT / "templates").rglob("*.html")]
    texts += [p.read_text() for p in (ROOT / "scorekeeper").rglob("*.py")]
    for text in texts:
        found = re.findall(r'name="([^"]+)"', text)
        found += re.findall(r'\.get(?:list)?\(\s*f?"([^"]+)"', text)
        for name in found:
            parts = re.split(r"\{[^}]*\}+", name)
            names |= {str(seat).join(parts) for seat in range(5)} if len(parts) > 1 \
                else {name}
    return sorted(n for n in names if re.fullmatch(r"[\w-]+", n))


class World:
    """The rows the fuzzer aims at (a game with hands, a club with a game, a roster, a second
    phone), and this phone's cookies to them."""

    def __init__(self, client, rng: random.Random):
        self.rng = rng
        self.games = [create(client, "texas42"), create(client, "moon", players=3)]
        for _ in range(3):
            post_hand(client, self.games[0], {"mode": "quick", "bidder": "0", "bid": "30",
                                              "made": "1"})
        self.club = create_club(client, name=f"Club {rng.random():.6f}")
        self.games.append(club_game(client, self.club, "texas42",
                                    ["Ann", "Bob", "Cat", "Dan"]))
        club = db.session.get(Club, self.club)
        self.own_member = club.members[0].id  # the test's phone, the club's admin
        other = Member(club_id=self.club, label="Other phone")
        db.session.add(other)
        db.session.commit()
        self.people = [p.id for p in db.session.scalars(
            db.select(Person).where(Person.club_id == self.club))]
        self.members = sorted({m.id for m in club.members} | {other.id})
        game = db.session.get(Game, self.games[0])
        self.codes = [game.code, club.code]
        self.secrets = [game.scorer_secret]
        # the API's bodies are read only with a token that may write
        self.tokens = [game_token(client, self.games[0]), game_token(client, self.games[2]),
                       club_token(client, self.club)]
        self.cookies = {c.key: c.value for c in client._cookies.values()}

    def ids(self) -> list[int]:
        return self.games + [self.club] + self.people + self.members

    def id_for(self, name: str) -> int:
        """A row id for a path value of that name: mostly the right kind of row."""
        rows = {"game_id": self.games, "club_id": [self.club], "person_id": self.people,
                "member_id": self.members, "number": [0, 1, 2, 3]}.get(name, self.ids())
        return self.rng.choice(rows if self.rng.random() < 0.8 else self.ids())

    def version(self) -> str:
        """The current version of one of the games: a write that is not stale."""
        return str(db.session.scalar(db.select(Game.version).where(
            Game.id == self.rng.choice(self.games))) or 1)


def _value(rng: random.Random, world: World) -> str:
    """A form, query or path value: valid, at an edge, or hostile."""
    pick = rng.random()
    if pick < 0.25:
        return str(rng.choice(world.ids() + [0, 1, 2, 3, 4]))
    if pick < 0.45:
        return rng.choice(["", "0", "1", "2", "-1", "30", "42", "84", "pass", "plunge", "splash",
                           "quick", "auction", "number", "items", "grid", "list", "finished",
                           "playing", "on", "true", "redeal", "straight", "30 pass pass pass",
                           "2147483647", "2147483648", "99999999999999999999", "1e9", " 3 ",
                           "٣", "9999-12-31", "0001-01-01", "2024-02-30", "2026-11-23"]
                          + list(VARIANTS) + world.codes + world.secrets)
    if pick < 0.55:
        return rng.choice(["Ann", "Bob", "  ", "Zoë", "👩‍👩‍👧", "مریم‌", "\u200b", "\u202e",
                           "<script>alert(1)</script>", "'; DROP TABLE game;--", "%s%s%n",
                           "../../etc/passwd", "\x00", "a\x00b", "\ufeff", "\r\nX-Y: z"]
                          + HOSTILE_TEXT)
    if pick < 0.62:
        return "x" * rng.choice([41, 61, 300, 5000])
    if pick < 0.7:
        return json.dumps(_record(rng))
    return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(1, 12)))


NUMBERS = ["-1", "-5", "0", "1", "2", "3", "4", "7", "30", "42", "2147483647", "2147483648",
           "99999999999999999999", "1.5", "", " 3 ", "٣", "x", "²", "³", "¹", "1²", "\u202e1"]
DATES = ["9999-12-31", "0001-01-01", "2024-02-30", "2026-11-23", "99999-01-01", "yesterday"]
NUMERIC = re.compile(r"version|number|index|bidder|bid|first_dealer|into|person|page|edit|out"
                     r"|made|passed|confirm|days|vs|table|seat|phone|counts|.*-\d|opt-.*")


def _value_for(rng: random.Random, name: str, world: World) -> str:
    """A value for the field `name`: of its kind (a number, a date, a code, a record) most of
    the time, so that the edges of what each view reads are reached."""
    if rng.random() < 0.25:
        return _value(rng, world)
    if name in ("from", "to"):
        return rng.choice(DATES)
    if name in ("record", "records"):
        return json.dumps(_record(rng))
    if name == "code":
        return rng.choice(world.codes + ["ZZZ9999", "abc 2345", "A\x00BCDEFG", "x"])
    if NUMERIC.fullmatch(name):
        return rng.choice(NUMBERS + [str(i) for i in world.ids()])
    return _value(rng, world)


# Valid forms to mutate, by the URL they are posted to (a pattern on the rule, so that the
# test follows a view that moves to another module).
def _base_form(rule: str, world: World) -> dict[str, str]:
    hand = {"mode": "quick", "bidder": "0", "bid": "30", "made": "1", "contract": "straight"}
    if re.search(r"/hands(/kept|/preview|/<[^>]+>|/undo)?$", rule):
        return {**hand, "number": "1", "index": "0", "version": world.version()}
    if rule.endswith("/games/new"):
        return {"variant": "texas42", "first_dealer": "0", "name-0": "Ann", "name-1": "Bob",
                "name-2": "Cat", "name-3": "Dan", "person-0": str(world.people[0])}
    if rule.endswith("/merge"):
        return {"into": str(world.people[-1]), "confirm": "1"}
    if "roster" in rule or rule.endswith("/clubs"):
        return {"name": "Eve", "label": "Eve's phone"}
    if "join" in rule:
        return {"code": world.codes[0], "label": "x"}
    if rule.endswith("/events/import"):
        return {"record": json.dumps(_event_record(world.rng))}
    if "import" in rule:
        return {"name": "Imported", "record": json.dumps(_record(world.rng)),
                "records": json.dumps([_record(world.rng)])}
    return {}


def _hostile(rng: random.Random, value):
    """`value` (JSON data) with hostile text put in now and then: as a string value, a key
    of an object, or in place of a string."""
    if isinstance(value, dict):
        out = {k: _hostile(rng, v) for k, v in value.items()}
        if rng.random() < 0.15:
            out[rng.choice(["note", "evil", rng.choice(HOSTILE_TEXT)[:50]])] = \
                rng.choice(HOSTILE_TEXT)
        return out
    if isinstance(value, list):
        return [_hostile(rng, v) for v in value]
    if isinstance(value, str) and rng.random() < 0.15:
        return rng.choice(HOSTILE_TEXT)
    return value


@functools.cache
def _played_event(teams: int) -> str:
    """An event record of `teams` teams, every game played (as JSON: each use a copy)."""
    from .events.helpers import played_event, teams_record

    return json.dumps(played_event(teams_record(teams)))


def _event_record(rng: random.Random):
    """An event record (events.md) a club could import, its games played, with hostile text
    put in now and then (a hand's note, a name, an unknown key)."""
    return _hostile(rng, json.loads(_played_event(rng.choice([2, 3]))))


def _record(rng: random.Random):
    """Something shaped like an imported game record (or a list of them), often broken."""
    record = {"variant": rng.choice(list(VARIANTS) + ["nope", None, 3]),
              "players": rng.choice([["Ann", "Bob", "Cat", "Dan"], ["Ann", "Bob", "Cat"],
                                     ["Ann"], [], "Ann", [None, 1, [], {}]]),
              "first_dealer": rng.choice([0, 1, -1, 9, "0", None, 2**40]),
              "options": rng.choice([{}, {"target_marks": 7}, {"target_marks": -1}, [], None,
                                     {"x": [[[]]]}]),
              "hands": rng.choice([[], [{"bidder": 0, "bid": 30, "contract": "straight",
                                         "made": True}], [{"passed": True}], [{}], [[]], "x",
                                   [None] * 3, [{"bid": 2**70}]])}
    if rng.random() < 0.3:
        record = _hostile(rng, {**record, "variant": "texas42",
                                "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0,
                                "options": {}, "hands": [{"bidder": 0, "bid": 30,
                                                          "contract": "straight", "points": 30}]})
    return rng.choice([record, [record, record], {"variant": "texas42"}, [], [[]], "x", None])


def _path(rng: random.Random, rule, world: World) -> str:
    def fill(match):
        name = match.group(1)
        converter = rule._converters[name]
        if isinstance(converter, IntegerConverter) and rng.random() < 0.95:
            return str(world.id_for(name) if rng.random() < 0.95 else 2**31 - 1)
        if name == "filename":
            return rng.choice(["css/app.css", "js/htmx.min.js", "../secret_key", "nope.css",
                               "css/%00.css", "icons/icon.svg"])
        if name in ("code",) and rng.random() < 0.5:
            return rng.choice(world.codes)
        if name == "secret" and rng.random() < 0.5:
            return rng.choice(world.secrets)
        if name == "variant_id" and rng.random() < 0.5:
            return rng.choice(list(VARIANTS))
        return _quoted(_value(rng, world))
    return re.sub(r"<(?:[^:>]+:)?([^>]+)>", fill, rule.rule)


def _quoted(text: str) -> str:
    """`text` percent-encoded as UTF-8, a lone surrogate as the bytes it would be (which the
    server decodes as it decodes any bytes that are not UTF-8)."""
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def _cookies(rng: random.Random, world: World) -> str:
    jar = {}
    if rng.random() < 0.7:
        jar.update(world.cookies)
    for _ in range(rng.randrange(3)):
        target = rng.choice(world.ids() + [2**31, 0])
        name = rng.choice([f"sk_c_{target}", f"sk_s_{target}", f"sk_v_{target}",
                           f"sk_m_{target}", "view", f"entry-{target}", f"points-{target}",
                           "session"])
        jar[name] = rng.choice(["x", "", f"{target}.abc", "1." + "0" * 64, "9" * 40 + ".x",
                                "\x7f", "grid", "list", "quick", "items"])
    return "; ".join(f"{k}={v}" for k, v in jar.items())


def _headers(rng: random.Random) -> dict[str, str]:
    headers = {}
    for name, values in [
            ("HX-Request", ["true", "false", "1"]),
            ("HX-History-Restore-Request", ["true"]),
            ("HX-Target", ["game-body", "x"]),
            ("If-None-Match", ['W/"g1-v1-creator"', "*", '"x"', "garbage", 'W/"g1-v99-"']),
            ("Host", HOSTS),
            ("Accept-Encoding", ["br", "gzip", "zstd", "identity;q=0", "x"]),
            ("X-Forwarded-For", ["203.0.113.7", "garbage", "::1"]),
            ("X-Forwarded-Proto", ["https", "gopher"]),
            ("Referer", ["http://evil.example/", "not a url"]),
            ("Accept-Language", ["fa", "x" * 200])]:
        if rng.random() < 0.2:
            headers[name] = rng.choice(values)
    return headers


def _api_body(rng: random.Random, world: World):
    """A JSON body for the API: a hand or a record, with hostile text now and then."""
    hand = _hostile(rng, rng.choice([{"bidder": 0, "bid": 30, "contract": "straight",
                                      "points": 34}, {"bidder": 1, "bid": 30, "points": 3},
                                     {"passed": True}]))
    return rng.choice([{"hand": hand, "version": int(world.version())},
                       {"record": _record(rng)}, {"version": int(world.version())},
                       _hostile(rng, {"hand": hand, "record": "x", "version": "1"})])


def _sendable(data: dict) -> dict:
    """A form the test client can send: one holding a lone surrogate (which no str encodes)
    goes as its bytes (urlencoded; in a multipart form, as the server would read it)."""
    if not any(isinstance(v, str) and _unencodable(v) for v in data.values()):
        return {"data": data}
    if any(not isinstance(v, str) for v in data.values()):
        return {"data": {k: v.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
                         if isinstance(v, str) else v for k, v in data.items()}}
    return {"data": "&".join(f"{_quoted(k)}={_quoted(v)}" for k, v in data.items()),
            "content_type": "application/x-www-form-urlencoded"}


def _unencodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _body(rng: random.Random, rule, fields: list[str], world: World, method: str) -> dict:
    """The data and content type of a request (werkzeug test client arguments)."""
    if method in ("GET", "HEAD", "OPTIONS") and rng.random() < 0.9:
        return {}
    if rule.rule.startswith("/api/") and rng.random() < 0.7:
        return {"data": json.dumps(_api_body(rng, world)), "content_type": "application/json"}
    kind = rng.random()
    if kind < 0.7:
        data = _base_form(rule.rule, world) if rng.random() < 0.7 else {}
        extra = [rng.choice(fields) for _ in range(rng.randrange(4))]
        for name in rng.sample(sorted(data), min(len(data), rng.randrange(4))) + extra:
            data[name] = _value_for(rng, name, world)
        if "version" not in data and rng.random() < 0.7:
            data["version"] = world.version()
        if rng.random() < 0.2:
            name = rng.choice(["record", "records"])
            data[name] = (io.BytesIO(rng.choice([json.dumps(_record(rng)).encode(),
                                                 json.dumps(_event_record(rng)).encode(),
                                                 b"\xff\xfe\x00", b"[" * 3000, b""])), "x.json")
        return _sendable(data)
    if kind < 0.85:
        return {"data": json.dumps(_record(rng)), "content_type": "application/json"}
    raw = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
    return {"data": raw, "content_type": rng.choice(CONTENT_TYPES)}


def _exports_refused(client, world: World, i: int) -> list[str]:
    """What keeps a club's export from being written, after request i: every club's records
    (and its events') as the exports write them, and the fuzzed club's own export.json (while
    the test's phone is still its member: the fuzzing may leave the club)."""
    from scorekeeper.events.record import event_record
    from scorekeeper.models import ClubEvent

    problems = []
    db.session.rollback()
    for game in db.session.scalars(db.select(Game)):
        try:
            json.dumps(game.record(), ensure_ascii=False).encode("utf-8")
        except (UnicodeEncodeError, ValueError) as error:
            problems.append(f"request {i}: game {game.id}'s record cannot be exported: {error!r}")
    for event in db.session.scalars(db.select(ClubEvent)):
        try:
            json.dumps(event_record(event), ensure_ascii=False).encode("utf-8")
        except (UnicodeEncodeError, ValueError) as error:
            problems.append(f"request {i}: event {event.id} cannot be exported: {error!r}")
    r = client.get(f"/clubs/{world.club}/export.json")
    own = db.session.get(Member, world.own_member)  # SQLite gives a deleted row's id again:
    if r.status_code != 200 and own is not None and own.club_id == world.club:  # still ours?
        problems.append(f"request {i}: the club's export answered {r.status_code}")
    db.session.rollback()
    return problems


class Failures(logging.Handler):
    """Every ERROR logged while the fuzzer runs (Flask logs each unhandled exception)."""

    def __init__(self):
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


@pytest.mark.parametrize("seed", range(SEED, SEED + SHARDS))
def test_fuzz_every_route(app, client, capsys, seed):
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a 500 is answered, and logged, as in production
    rng = random.Random(seed)
    requests = REQUESTS // SHARDS
    fields = _field_names()
    rules = list(app.url_map.iter_rules())
    writes = [r for r in rules if "POST" in r.methods]  # where the bugs tend to be
    fuzzer = app.test_client(use_cookies=False)
    failures = Failures()
    logging.getLogger().addHandler(failures)
    problems: list[str] = []
    started = time.perf_counter()
    statuses: dict[int, int] = {}
    try:
        world = None
        for i in range(requests):
            if i % REFRESH == 0:
                db.session.rollback()
                if world is not None:
                    problems += _exports_refused(client, world, i)
                world = World(client, rng)
            rule = rng.choice(rules if rng.random() < 0.5 else writes)
            allowed = sorted(rule.methods - {"HEAD", "OPTIONS"})
            method = rng.choice(allowed) if rng.random() < 0.9 else rng.choice(METHODS)
            path = _path(rng, rule, world)
            query = "&".join(
                f"{quote(name)}="
                f"{_quoted(_value_for(rng, name, world))}"
                for name in [rng.choice(QUERY if rng.random() < 0.7 else fields)
                             for _ in range(rng.choice([0, 0, 1, 2, 4]))])
            headers = {"Cookie": _cookies(rng, world), **_headers(rng)}
            if rule.rule.startswith("/api/") and rng.random() < 0.8:
                headers["Authorization"] = f"Bearer {rng.choice(world.tokens)}"
            body = _body(rng, rule, fields, world, method)
            seen = len(failures.records)
            try:
                r = fuzzer.open(path + ("?" + query if query else ""), method=method,
                                headers=headers, **body)
                status = r.status_code
                r.close()
            except Exception as error:  # the test client itself must not meet one either
                status = 599
                problems.append(f"request {i}: {method} {path}?{query} raised {error!r}")
            statuses[status] = statuses.get(status, 0) + 1
            if status >= 500 or len(failures.records) > seen:
                logged = [r.getMessage() + (f" {r.exc_info[1]!r}" if r.exc_info else "")
                          for r in failures.records[seen:]]
                problems.append(f"request {i}: {method} {path}?{query} -> {status} "
                                f"headers={headers} body={str(body)[:300]} logged={logged}")
            db.session.rollback()  # the test's own session sees what the requests wrote
        problems += _exports_refused(client, world, requests)
    finally:
        logging.getLogger().removeHandler(failures)
    took = time.perf_counter() - started
    with capsys.disabled():
        print(f"\nfuzz: {requests} requests (seed {seed}) in {took:.1f} s; statuses "
              f"{dict(sorted(statuses.items()))}")
    assert not problems, f"seed {seed}: {len(problems)} failures:\n" + "\n".join(problems[:20])
    assert len(statuses) > 5, "the fuzzer should reach many kinds of answer"
