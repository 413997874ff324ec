"""Hypothesis properties of the stats over valid games made by the rules tests' generators."""
from __future__ import annotations

import contextlib
import io
import json
import os
import tempfile
from collections import defaultdict
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.test_properties import PARTNERSHIP, SETTINGS, scored_prefix, valid_games
from scorekeeper import cli
from scorekeeper.stats import Game, club_summary, game_summary, names_of, player_stats

POOL = [f"p{i}" for i in range(9)]  # enough for 8 seats of Mexican Train
# Each example of the club properties is a few whole games: fewer examples (SK_STATS_EXAMPLES to
# hunt longer by hand; CI runs twice as many: .ci/run).
CLUB = settings(SETTINGS, max_examples=int(os.environ.get("SK_STATS_EXAMPLES", "50")))
COUNTS = ("games", "finished", "wins", "bids", "made", "set", "opponent_bids", "opponents_set")


@st.composite
def club_games(draw, max_games=4, distinct=True):
    """(record, result, seats, order) of a few valid games among the people of POOL."""
    games = []
    for _ in range(draw(st.integers(1, max_games))):
        record, result = scored_prefix(draw(valid_games(max_hands=12)))
        n = len(record["players"])
        if distinct:
            seats = draw(st.permutations(POOL))[:n]
        else:  # merged people (one person in two seats) and seats of nobody
            seats = draw(st.lists(st.sampled_from(POOL[:4] + [None]), min_size=n, max_size=n))
        games.append((record, result, seats, draw(st.integers(0, 4))))
    return games


def aggregate(games):
    return player_stats([Game(game_summary(r, res), seats, order) for r, res, seats, order in games])


def side_of(variant, seat):
    return seat % 2 if variant in PARTNERSHIP else seat


@SETTINGS
@given(valid_games())
def test_the_facts_of_any_valid_game(record):
    record, result = scored_prefix(record)
    summary = game_summary(record, result)
    assert json.loads(json.dumps(summary)) == summary
    variant, n = record["variant"], len(record["players"])
    facts = summary["seats"]
    assert len(facts) == n  # one entry per seat
    bidders = [h["bidder"] for h in result["hands"] if h.get("bidder") is not None]
    assert summary["redeals"] == (len(result["hands"]) - len(bidders)
                                  if variant not in ("card42", "mexican-train", "castle-rock") else 0)
    total_bids = sum(f["bids"] for f in facts)
    if variant == "card42":
        assert all(f["bids"] == len(record["hands"]) for f in facts)
    else:
        assert total_bids == len(bidders)
    for s, f in enumerate(facts):
        assert f["made"] + f["set"] == f["bids"] and f["set"] >= 0
        assert sum(c["bids"] for c in f["by_level"].values()) == f["bids"]
        assert sum(c["made"] for c in f["by_level"].values()) == f["made"]
        if variant in ("lechner42", "texas42", "texas42-1986"):
            assert sum(c["bids"] for c in f["by_contract"].values()) == f["bids"]
        else:
            assert f["by_contract"] == {}
        specials = sum(f["by_contract"].get(c, {"bids": 0})["bids"] for c in ("plunge", "splash"))
        assert sum(c["bids"] for c in f["by_call"].values()) == specials
        against = [b for b in bidders if side_of(variant, b) != side_of(variant, s)]
        assert f["opponent_bids"] == len(against)
        assert 0 <= f["opponents_set"] <= f["opponent_bids"]
        assert f["won"] is (side_of(variant, s) in result["winners"])
        assert (s in summary["winning_seats"]) is f["won"]
    if variant == "mexican-train":
        assert sum(f["train"]["pips"] for f in facts) == sum(result["totals"])
        assert all(f["train"]["rounds"] == len(record["hands"]) for f in facts)
        assert sum(f["train"]["out"] for f in facts) <= sum(not h.get("blocked") for h in record["hands"])
    if variant == "castle-rock":
        assert summary["finished"] is False
        assert facts[0]["solitaire"]["wins"] == result["totals"][0]
        assert facts[0]["solitaire"]["best"] == result["best"]


def spec_counts(games):
    """stats.md's required numbers, straight from the records and results."""
    def block():
        return dict.fromkeys(("games", "finished", "wins", "bids", "made"), 0)
    people = defaultdict(lambda: {"all": block(), "by_variant": defaultdict(block)})
    for record, result, seats, _ in games:
        v = record["variant"]
        for person in {p for p in seats if p is not None}:
            mine = [s for s, p in enumerate(seats) if p == person]
            won = result["finished"] and any(side_of(v, s) in result["winners"] for s in mine)
            for b in (people[person]["all"], people[person]["by_variant"][v]):
                b["games"] += 1
                b["finished"] += result["finished"]
                b["wins"] += won
        for k, hand in enumerate(result["hands"]):
            if v == "card42":
                taken = record["hands"][k]
                bids = [(s, taken["bids"][s] == taken["tricks"][s]) for s in range(len(seats))]
            elif hand.get("bidder") is not None:
                bids = [(hand["bidder"], hand["made"])]
            else:
                bids = []
            for s, made in bids:
                if seats[s] is not None:
                    for b in (people[seats[s]]["all"], people[seats[s]]["by_variant"][v]):
                        b["bids"] += 1
                        b["made"] += made
    return people


@CLUB
@given(st.booleans().flatmap(lambda distinct: club_games(distinct=distinct)))
def test_the_required_numbers_are_those_of_the_spec(games):
    stats = aggregate(games)
    expected = spec_counts(games)
    assert set(stats) == set(expected)
    for person, want in expected.items():
        got = stats[person]
        assert {k: got[k] for k in want["all"]} == want["all"]
        assert got["set"] == got["bids"] - got["made"]
        assert set(got["by_variant"]) == set(want["by_variant"])
        for v, block in want["by_variant"].items():
            assert {k: got["by_variant"][v][k] for k in block} == block
            assert got["by_variant"][v]["set"] == block["bids"] - block["made"]


@CLUB
@given(club_games())
def test_every_finished_game_gives_each_winner_one_win(games):
    stats = aggregate(games)
    per_variant = defaultdict(lambda: [0, 0, 0])  # finished games, winning seats, wins summed
    for record, result, seats, _ in games:
        v = per_variant[record["variant"]]
        v[0] += result["finished"]
        v[1] += sum(side_of(record["variant"], s) in result["winners"] for s in range(len(seats)))
    for person in stats.values():
        for vid, block in person["by_variant"].items():
            per_variant[vid][2] += block["wins"]
            assert block["wins"] <= block["finished"] <= block["games"]
            assert block["made"] + block["set"] == block["bids"]
    for vid, (finished, winning_seats, wins) in per_variant.items():
        assert wins == winning_seats >= finished
        if vid == "castle-rock":
            assert finished == 0


def additive(stats):
    """The numbers that add up game by game (not rates, not streaks)."""
    def part(block):
        out = {k: block[k] for k in COUNTS}
        for key in ("partners", "opponents"):
            out[key] = {q: {k: v for k, v in row.items() if k != "win_rate"} for q, row in block[key].items()}
        for key in ("by_level", "by_contract", "by_call"):
            if key in block:
                out[key] = {label: (row["bids"], row["made"]) for label, row in block[key].items()}
        if "train" in block:
            out["train"] = {k: block["train"][k] for k in ("rounds", "pips", "out")}
        if "solitaire" in block:
            out["solitaire"] = {k: block["solitaire"][k] for k in ("games", "wins")}
        return out
    return {p: {"all": part(s), "by_variant": {v: part(b) for v, b in s["by_variant"].items()}}
            for p, s in stats.items()}


def add(into, more):
    for key, value in more.items():
        if isinstance(value, dict):
            add(into.setdefault(key, {}), value)
        elif isinstance(value, tuple):
            into[key] = tuple(a + b for a, b in zip(into.get(key, (0,) * len(value)), value))
        else:
            into[key] = into.get(key, 0) + value


@CLUB
@given(st.booleans().flatmap(lambda distinct: club_games(distinct=distinct)))
def test_game_by_game_adds_up_to_all_at_once(games):
    summed: dict = {}
    for game in games:
        add(summed, additive(aggregate([game])))
    assert summed == additive(aggregate(games))


@CLUB
@given(st.booleans().flatmap(lambda distinct: club_games(distinct=distinct)), st.randoms())
def test_renaming_people_renames_their_stats(games, rnd):
    names = list(POOL)
    rnd.shuffle(names)
    rename = {p: (i, names[i]) for i, p in enumerate(POOL)}  # new keys of another type
    renamed = [(r, res, [None if p is None else rename[p] for p in seats], o) for r, res, seats, o in games]
    before, after = aggregate(games), aggregate(renamed)

    def moved(stats):
        out = {}
        for p, s in stats.items():
            s = json.loads(json.dumps({k: v for k, v in s.items() if k not in ("partners", "opponents",
                                                                               "by_variant")}))
            out[rename[p]] = s
        return out
    assert list(after) == [rename[p] for p in before]
    assert {p: {k: v for k, v in s.items() if k not in ("partners", "opponents", "by_variant")}
            for p, s in after.items()} == moved(before)
    for p, s in before.items():
        new = after[rename[p]]
        for key in ("partners", "opponents"):
            assert new[key] == {rename[q]: row for q, row in s[key].items()}
        for v, block in s["by_variant"].items():
            assert new["by_variant"][v]["partners"] == {rename[q]: r for q, r in block["partners"].items()}
            assert new["by_variant"][v]["by_level"] == block["by_level"]
    # The summaries themselves never see the people.
    for (r, res, _, _), (r2, res2, _, _) in zip(games, renamed):
        assert game_summary(r, res) == game_summary(r2, res2)


@CLUB
@given(st.booleans().flatmap(lambda distinct: club_games(distinct=distinct)))
def test_streaks_are_wins_in_a_row_over_finished_games_in_order(games):
    stats = aggregate(games)
    ordered = sorted(range(len(games)), key=lambda i: (games[i][3], i))
    for person, s in stats.items():
        run = longest = 0
        for i in ordered:
            record, result, seats, _ = games[i]
            mine = [k for k, p in enumerate(seats) if p == person]
            if not mine or not result["finished"]:
                continue
            if any(side_of(record["variant"], k) in result["winners"] for k in mine):
                run += 1
                longest = max(longest, run)
            else:
                run = 0
        assert s["streak"] == {"current": run, "longest": longest}
        assert s["streak"]["longest"] <= s["wins"]


@CLUB
@given(club_games(max_games=4), st.lists(st.sampled_from(["", " ", "  ", "\t"]), min_size=2, max_size=2))
def test_the_command_line_is_the_library_over_names(games, pads):
    records = []
    for record, _, seats, _ in games:
        records.append(dict(record, players=[pads[0] + p + pads[1] for p in seats]))
    with tempfile.TemporaryDirectory() as folder:
        one, rest = Path(folder) / "one.json", Path(folder) / "rest.json"
        one.write_text(json.dumps(records[0]), encoding="utf-8")
        rest.write_text(json.dumps(records[1:]), encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli.main(["stats", str(one), str(rest)])
    assert code == 0
    got = json.loads(out.getvalue())
    library = [Game(game_summary(r), names_of(r), i) for i, r in enumerate(records)]
    assert got["players"] == json.loads(json.dumps(player_stats(library)))
    assert got["games"] == len(records)
    club = club_summary(library)
    assert got["finished"] == club["finished"]
    assert set(got["players"]) <= set(POOL)
