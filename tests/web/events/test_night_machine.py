"""A tournament night as a machine (issue 38, "How it must hold up"): a Hypothesis state machine
over the real app (its test client; the hands through the store's one write function, as the
game page writes them) whose rules are what an organizer and the tables do: start the next
round, play a game to the end with a random result, enter part of a game, forfeit, a late
entrant, check-in and withdraw (each undone or not), a playoff (a double tap too), a draw, a
swap of a player with one sitting out, call time, a table phone scanning its card and following
its table. After every step:

- the standings the event page shows equal `scorekeeper standings` of the exported record;
- no match is seated while a match it depends on is open (a round after every match before it,
  a playoff after its stage's matches, the bracket after every pool match, playoffs included);
- no entrant plays twice in a round, no table holds two matches in a round; a withdrawn
  team's match seated later is its forfeit;
- a table phone is sent to the earliest open game at its table;
- a champion ("Champion"/"Winner", the TV's "Every match played") only when `complete`;
- no acknowledged hand is lost;
- the event page, its live part and the TV, drawn from the pieces kept along the night
  (render_cache.fragment: a standings table and row, a table of a round), are the same bytes
  as drawn afresh: a piece's key holds everything it shows.

The events: a 6-team pools night of two pools of three (where three-way ties are common: the
issue's night), round robins of 3 and 4 teams, and a progressive night of nine players. SK_NIGHT_EXAMPLES sets the depth.
"""
from __future__ import annotations

import contextlib
import io
import json
import os

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule, run_state_machine_as_test)
from sqlalchemy import func, select

from scorekeeper import cli, store, tournament
from scorekeeper.events import record as records, running
from scorekeeper.extensions import db
from scorekeeper.models import Hand
from scorekeeper.tournament.event import match_winners

from ..clubs.helpers import create_club, join_club
from .helpers import HAND, drop_caches, event, new_event, scorer_path, url

POOLS = ("pools", "\n".join(f"A{i} & B{i}" for i in range(6)), {"pool_size": "3"})
# a progressive night of nine players at 4 a table: one sits out each round, and swaps in
PROGRESSIVE = ("progressive", "\n".join(f"P{i}" for i in range(9)), {"rounds": "3"})
NIGHTS = [POOLS, POOLS, ("round-robin", "A0 & B0\nA1 & B1\nA2 & B2", {}),
          ("round-robin", "A0 & B0\nA1 & B1\nA2 & B2\nA3 & B3", {}), PROGRESSIVE]
EXAMPLES = int(os.environ.get("SK_NIGHT_EXAMPLES", "10"))  # (.ci/run: 15)


class Night(RuleBasedStateMachine):
    app = None  # set by the test

    def __init__(self):
        super().__init__()
        self.client = self.app.test_client()
        self.hands: dict[int, int] = {}  # game id -> hands the store acknowledged
        self.phones: dict[int, list] = {}  # table -> [phone, the game it is on]
        self.was_decided: dict[int, bool] = {}  # match id -> decided, as of the last step
        self.was_withdrawn: set[int] = set()
        self.late = 0
        self.look()

    @initialize(night=st.sampled_from(NIGHTS), pools_played=st.booleans(), data=st.data())
    def open_the_night(self, night, pools_played, data):
        """The night opens; a pools night half the time with its pools played (random
        results), where its ties are decided."""
        fmt, entrants, extra = night
        self.format = fmt
        self.club_id = create_club(self.client)
        self.watcher = self.app.test_client()  # a member's phone, who watches the night
        join_club(self.watcher, self.club_id)
        self.event_id = new_event(self.client, self.club_id, entrants=entrants, fmt=fmt, **extra)
        self.look()
        for _round in range(3 if fmt == "pools" and pools_played else 0):
            self.start_round()
            self.every_table_plays_to_the_end(data)
            self.seated_in_order()

    # ---------------------------------------------------------------- what the night holds

    def look(self) -> None:
        """The event as the database holds it now: its rows, record and library event."""
        if not hasattr(self, "event_id"):
            self.rows, self.record, self.library, self.matches = None, None, None, []
            return
        self.rows = event(self.event_id)
        self.record = records.event_record(self.rows)
        self.library = tournament.parse_event(self.record)
        by_index = dict(zip(range(len(self.library.matches)), self.library.matches))
        ordered = records.ordered(self.rows.matches)
        self.matches = [(row, by_index[i]) for i, row in enumerate(ordered)]

    def open_games(self):
        return [g for row, _m in self.matches for g in row.games if not g.finished]

    def decided(self, m) -> bool:
        return m.bye is not None or bool(match_winners(self.library, m))

    def open_matches(self):
        return [(row, m) for row, m in self.matches if not self.decided(m)]

    def ties(self) -> list[list[int]]:
        """The tied groups the standings show (each pool's in a pools event), as the page
        offers them a playoff or a draw."""
        s = tournament.standings(self.record)
        tables = [p["standings"] for p in s.get("pools", [])] or [s["standings"]]
        groups = []
        for rows in tables:
            by_rank: dict[int, list[int]] = {}
            for r in rows:
                if r["tied"] and r["played"]:
                    by_rank.setdefault(r["rank"], []).append(r["entrant"])
            groups += [sorted(g) for g in by_rank.values() if len(g) > 1]
        return groups

    def swaps(self) -> list[tuple]:
        """(match row, a player at it, one sitting its round out) for every undecided match
        of a progressive or tables night."""
        if self.record is None or self.format not in ("progressive", "tables"):
            return []
        out = {row.round: [] for row, _m in self.matches}
        for row, _m in self.matches:
            if row.bye is not None:
                out[row.round].append(row.bye)
        return [(row, seat, sitting) for row, m in self.open_matches() if row.bye is None
                for seat in row.entrants for sitting in out[row.round]]

    def post(self, path: str, **data):
        r = self.client.post(url(self.club_id, self.event_id, path),
                             data={"version": str(self.rows.version), **data})
        assert r.status_code in (303, 422), (path, r.status_code)
        return r

    def write(self, game_id: int, sides: list[int]) -> None:
        for side in sides:
            game = store.get_game(game_id)
            if game.finished:
                break
            if store.write_hand(game, game.version, "entered", len(game.hands), None,
                                HAND[side], "test"):
                self.hands[game_id] = len(game.hands)

    # ---------------------------------------------------------------- the organizer

    @precondition(lambda self: self.record is not None and not self.open_games())
    @rule()
    def start_round(self):
        self.post("/rounds")
        self.look()

    @precondition(lambda self: self.record is not None and self.open_games())
    @rule()
    def start_round_too_early(self):
        assert self.post("/rounds").status_code == 422
        self.look()

    @precondition(lambda self: self.record is not None and self.open_games())
    @rule(data=st.data())
    def call_time(self, data):
        latest = max(row.round for row, _m in self.matches)
        self.client.post(url(self.club_id, self.event_id, f"/rounds/{latest}/call"))
        self.look()

    # (a match of two sides: a progressive table's four players are no sides; one who must
    # leave sits out, the swap below)
    @precondition(lambda self: self.record is not None and self.format != "progressive"
                  and self.open_matches())
    @rule(data=st.data(), side=st.sampled_from(["0", "1"]))
    def forfeit(self, data, side):
        row, _m = data.draw(st.sampled_from(self.open_matches()))
        had_hands = any(self.hands.get(g.id) for g in row.games)
        r = self.post(f"/matches/{row.id}/forfeit", side=side)
        assert (r.status_code == 422) == had_hands or row.forfeit is not None
        self.look()

    # (several: the later rounds seat around who sat out; one the round robin could not go on
    # with is refused, 422)
    @precondition(lambda self: self.record is not None and self.format == "round-robin"
                  and self.late < 3)
    @rule()
    def late_entrant(self):
        self.late += 1
        self.post("/entrants", entrant=f"Late{self.late} & Later{self.late}")
        self.look()

    @precondition(lambda self: self.record is not None and self.ties())
    @rule(data=st.data(), twice=st.booleans())
    def playoff(self, data, twice):
        group = data.draw(st.sampled_from(self.ties()))
        entrants = [str(e) for e in group]
        self.post("/playoff", entrant=entrants)
        if twice:  # a double tap: the second from the page read before the first
            self.post("/playoff", entrant=entrants)
        self.look()

    @precondition(lambda self: self.record is not None and self.ties())
    @rule(data=st.data())
    def draw(self, data):
        group = data.draw(st.sampled_from(self.ties()))
        self.post("/draw", entrant=[str(e) for e in group], random="1")
        self.look()

    @precondition(lambda self: self.record is not None and not self.matches)
    @rule(data=st.data(), undo=st.booleans())
    def check_in(self, data, undo):
        count = len(self.record["entrants"])
        here = data.draw(st.sets(st.sampled_from(range(count)), min_size=count - 1))
        r = self.client.post(url(self.club_id, self.event_id, "/check-in"),
                             data={"here": [str(e) for e in sorted(here)], "confirm": "1"})
        assert r.status_code in (303, 422)
        if undo:
            r = self.client.post(url(self.club_id, self.event_id, "/check-in/undo"))
            assert r.status_code in (303, 422)
        self.look()

    @precondition(lambda self: self.record is not None and self.matches
                  and len(self.record.get("withdrawn", [])) < 2)
    @rule(data=st.data(), undo=st.booleans())
    def withdraw(self, data, undo):
        seed = data.draw(st.sampled_from(range(len(self.record["entrants"]))))
        self.client.post(url(self.club_id, self.event_id, f"/entrants/{seed}/withdraw"))
        r = self.client.post(url(self.club_id, self.event_id, f"/entrants/{seed}/withdraw"),
                             data={"confirm": "1"})
        assert r.status_code in (303, 422)
        if undo:
            r = self.client.post(url(self.club_id, self.event_id,
                                     f"/entrants/{seed}/withdraw/undo"))
            assert r.status_code in (303, 422)
        self.look()

    @precondition(lambda self: self.swaps())
    @rule(data=st.data())
    def swap(self, data):
        """A player who must leave gives their seat to one sitting the round out: before
        the match's first hand only (after it: refused, nothing changed)."""
        row, leaving, joining = data.draw(st.sampled_from(self.swaps()))
        had_hands = any(self.hands.get(g.id) for g in row.games)
        before = list(row.entrants)
        r = self.post(f"/matches/{row.id}/swap", out=str(leaving), **{"in": str(joining)})
        assert (r.status_code == 422) == had_hands, (r.status_code, had_hands)
        self.look()
        now = next(r for r, _m in self.matches if r.id == row.id)
        sitting = {r.bye for r, _m in self.matches if r.round == now.round}
        if had_hands:
            assert list(now.entrants) == before
        else:
            assert joining in now.entrants and leaving not in now.entrants
            assert leaving in sitting and joining not in sitting
            for game in now.games:
                names = {p.name for p in game.players}
                assert f"P{joining}" in names and f"P{leaving}" not in names

    # ---------------------------------------------------------------- the tables

    @precondition(lambda self: self.record is not None and self.open_games())
    @rule(data=st.data())
    def play_a_game(self, data):
        game = data.draw(st.sampled_from(self.open_games()))
        winner = data.draw(st.sampled_from([0, 1]))
        self.write(game.id, data.draw(st.lists(st.sampled_from([0, 1]), max_size=4))
                   + [winner] * 14)
        self.look()

    @precondition(lambda self: self.record is not None and self.open_games())
    @rule(data=st.data())
    def every_table_plays_to_the_end(self, data):
        for game in self.open_games():
            self.write(game.id, [data.draw(st.sampled_from([0, 1]))] * 14)
        self.look()

    @precondition(lambda self: self.record is not None and self.open_games())
    @rule(data=st.data())
    def enter_part_of_a_game(self, data):
        game = data.draw(st.sampled_from(self.open_games()))
        self.write(game.id, data.draw(st.lists(st.sampled_from([0, 1]), min_size=1,
                                               max_size=3)))
        self.look()

    @precondition(lambda self: self.record is not None and any(
        row.table not in self.phones for row, _m in self.matches if row.games))
    @rule(data=st.data())
    def a_table_scans_its_card(self, data):
        row = data.draw(st.sampled_from([row for row, _m in self.matches
                                         if row.games and row.table not in self.phones]))
        phone = self.app.test_client()
        assert phone.get(scorer_path(row.games[-1])).status_code == 303
        self.phones[row.table] = [phone, row.games[-1].id]

    @precondition(lambda self: self.phones)
    @rule(data=st.data())
    def a_table_phone_follows_its_table(self, data):
        table = data.draw(st.sampled_from(sorted(self.phones)))
        phone, game_id = self.phones[table]
        game = store.get_game(game_id)
        if game is None:  # its match was forfeited: the table's card is scanned anew
            del self.phones[table]
            return
        led = phone.get(f"/games/{game_id}/live", headers={"HX-Request": "true"}
                        ).headers.get("HX-Redirect")
        at_table = sorted((row.round, g.id) for row, _m in self.matches if row.table == table
                          for g in row.games if not g.finished)
        if not game.finished:
            assert led is None
            return
        if not at_table:
            assert led is None
            return
        assert led == f"/games/{game_id}/table/next", (table, at_table)
        r = phone.get(led)
        assert r.status_code == 303
        landed = int(r.headers["Location"].rsplit("/", 1)[1])
        assert landed == at_table[0][1], f"table {table}: sent to {landed}, not {at_table[0]}"
        self.phones[table][1] = landed

    # ---------------------------------------------------------------- after every step

    @invariant()
    def the_night_holds(self):
        if self.record is None:
            return
        self.look()
        mine = running.event_context(records.load_event(self.club_id, self.event_id))
        exported = self.client.get(url(self.club_id, self.event_id, "/export.json"))
        path = os.path.join(self.app.instance_path, f"night-{self.event_id}.json")
        os.makedirs(self.app.instance_path, exist_ok=True)
        with open(path, "wb") as f:
            f.write(exported.get_data())
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert cli.main(["standings", path]) == 0
        cli_standings = json.loads(out.getvalue())
        assert mine["standings"] == cli_standings
        self.once_a_round()
        self.seated_in_order()
        self.champion_only_when_complete(cli_standings["complete"])
        self.no_hand_lost()
        self.pieces_kept_are_fresh()

    def once_a_round(self):
        seen = set()
        for match in self.record["matches"]:
            keys = ([("table", match["round"], match["table"])] if "table" in match else [])
            keys += [("entrant", match["round"], e)
                     for e in match.get("entrants") or [match.get("bye")]]
            for key in keys:
                assert key not in seen, key
                seen.add(key)

    def seated_in_order(self):
        """A match seated since the last step: every match it may follow was decided then (a
        playoff: its stage's matches; another match: every match seated before it)."""
        new = [(row, m) for row, m in self.matches if row.id not in self.was_decided]
        for row, m in new:  # a withdrawn team's match seated later is its forfeit
            gone = [e for e in row.entrants if e in self.was_withdrawn]
            assert not gone or row.forfeit is not None, (row.round, row.table, gone)
        before = [(row, m) for row, m in self.matches if row.id in self.was_decided]
        for row, m in new:
            if row.bye is not None:
                continue
            if getattr(m, "playoff", False):
                waited = [r for r, o in before if not o.playoff and o.pool == m.pool]
            else:
                waited = [r for r, _o in before]
            still_open = [(r.round, r.table) for r in waited if not self.was_decided[r.id]]
            assert not still_open, (f"round {row.round} table {row.table} seated while "
                                    f"{still_open} was open")
        self.was_decided = {row.id: self.decided(m) for row, m in self.matches}
        self.was_withdrawn = set(self.record.get("withdrawn", []))

    def champion_only_when_complete(self, complete: bool):
        page = self.client.get(url(self.club_id, self.event_id)).get_data(as_text=True)
        tv = self.client.get(url(self.club_id, self.event_id, "/tv")).get_data(as_text=True)
        if not complete:
            assert 'class="badge win"' not in page
            assert "Every match played" not in tv

    def no_hand_lost(self):
        if not self.hands:
            return
        counts = dict(db.session.execute(
            select(Hand.game_id, func.count(Hand.id)).where(Hand.game_id.in_(self.hands))
            .group_by(Hand.game_id)).all())
        assert counts == {g: n for g, n in self.hands.items() if n}


    def pieces_kept_are_fresh(self):
        # the event page holds its live part (the organizer's and a watcher's differ), the TV
        # page its poll's (the same for both): each piece is drawn
        views = [(phone, url(self.club_id, self.event_id, path), {}) for phone, path in
                 ((self.client, ""), (self.watcher, ""), (self.watcher, "/tv"))]

        def drawn(phone, path, headers, afresh: bool) -> str:
            drop_caches(self.app)  # the view drawn now, from the pieces kept or afresh
            if afresh:
                self.app.extensions.pop("scorekeeper_fragments", None)
            return phone.get(path, headers=headers).get_data(as_text=True)

        kept = [drawn(*view, afresh=False) for view in views]
        assert kept == [drawn(*view, afresh=True) for view in views]


def test_a_night_holds_whatever_the_organizer_and_the_tables_do(app):
    Night.app = app
    run_state_machine_as_test(Night, settings=settings(
        max_examples=EXAMPLES, stateful_step_count=40, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
