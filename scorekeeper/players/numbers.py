"""The club's numbers, as its pages and CSVs show them: one computation each (CTFd's
get_standings), called by the page and by the CSV alike.

club_numbers(club_id) sums the cached game summaries (queries.club_summaries) with
scorekeeper.stats and keeps the running sums in ClubStats, moved on by every write to the
club's games (store._move_club_numbers; store.club_stamp says whether they are current);
person_numbers(club_id, person_id) is her part of it. The *_rows helpers only reshape that for a table. Percentages are whole numbers for people; None means nothing to divide.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from .. import render_cache, rules, stats, store
from ..extensions import db
from ..models import ClubStats
from ..rules.text import N_, Text
from . import queries


def variant_title(vid: str) -> str:
    v = rules.VARIANTS.get(vid)
    return v.title if v else vid


def side_names(summary: dict | None, players: list[tuple[str, int | None]]) -> list[str]:
    """Each side's name from the game's seats: 'Ann & Cat' in the partnership games."""
    if not summary:
        return [name for name, _ in players]
    return [" & ".join(players[s][0] for s in side["seats"] if s < len(players))
            for side in summary["sides"]]


def archive_row(game: dict) -> dict[str, Any]:
    """One game of the archive: who played, how it stands or ended, when."""
    summary = game["summary"]
    names = side_names(summary, game["players"])
    variant = rules.VARIANTS.get(game["variant"])
    row = {"id": game["id"], "variant": game["variant"], "title": variant_title(game["variant"]),
           "hand_word": variant.hand_word if variant else "Hand",
           "date": game["created_at"], "players": [n for n, _ in game["players"]],
           "person_ids": [p for _, p in game["players"]], "finished": game["finished"],
           "sides": [], "winners": [], "hands": None, "scores": summary is not None,
           "event": game.get("event")}
    if summary:
        row["hands"] = summary["hands"]
        row["units"] = summary["units"]
        row["sides"] = [{"name": names[i], "total": side["total"], "won": side["won"]}
                        for i, side in enumerate(summary["sides"])]
        row["winners"] = [names[i] for i in summary["winners"]]
    return row


def person_numbers(club_id: int, person_id: int) -> dict | None:
    """Her numbers in the club (stats.player_stats over its games); None before her first
    game. The games she did not play change none of her numbers, so the club's cached
    computation serves her page too."""
    return club_numbers(club_id)[1].get(person_id)


def club_numbers(club_id: int) -> tuple[dict, dict]:
    """(stats.club_summary, stats.player_stats) over every game of the club, people keyed by
    person id, in the order of their ids. Made from the club's kept stats.Tallies (ClubStats)
    while its stamp is the club's (store.club_stamp): every write to one of its games moves
    them on in its own transaction (store._move_club_numbers). Otherwise (a merge, a club
    import, numbers never kept) summed again from the cached game summaries
    (queries.club_summaries) and kept."""
    stamp = store.club_stamp(club_id)
    decoded = _decoded()
    numbers = decoded.get(f"{club_id}:{stamp}")
    if numbers is not None:
        return numbers
    cached = db.session.get(ClubStats, club_id)
    if cached is not None and cached.stamp == stamp:
        tallies = stats.Tallies.from_json(cached.data)
    else:
        tallies = stats.Tallies.of(queries.club_summaries(club_id))
        store.keep_club_stats(club_id, cached is not None, stamp, tallies.to_json())
    players = tallies.player_stats(by_key=True)
    numbers = tallies.club_summary(players), players
    decoded.put(f"{club_id}:{stamp}", numbers)
    return numbers


def _decoded() -> render_cache.RenderCache:
    """The club numbers this process made last, by club and stamp (decoding ClubStats' JSON
    and shaping the rows cost more than the rest of a stats page): the stamp is read from the
    database on every view, so a write in any worker moves every process on to the new
    numbers; an entry of an old stamp is never asked for again and falls out. Read only:
    callers never change what they get."""
    return render_cache.named("club_numbers", items=32)


def people_rows(table: dict, names: dict[int, str], opponents: bool = False) -> list[dict]:
    """Partners or opponents keyed by person id, as rows with names (a seat of a person since
    removed from the roster is left out)."""
    rows = []
    for pid, e in table.items():
        if pid not in names:
            continue
        row = {"id": pid, "name": names[pid], "games": e["games"], "finished": e["finished"],
               "wins": e["wins"], "win_rate": e["win_rate"]}
        if opponents:
            row["their_wins"] = e["their_wins"]
        rows.append(row)
    return rows


# How a person's page says a bid's label (the stats' keys, in the summaries and the CSVs,
# stay as they are): a special bid, a contract or a call, marked for the catalog; "2 marks" is
# counted where it is shown (a plural), a call "plunge/sevens" said part by part.
BID_WORDS = (N_("plunge"), N_("splash"), N_("moon shot"), N_("straight"), N_("trumps"),
             N_("sevens"), N_("nillo"), N_("follow-me"), N_("trash"))


def bid_rows(table: dict) -> list[dict]:
    """A bid table's rows: each label (the stats' key), the number of marks it counts ("2
    marks": 2, else None), and what the page says (|say)."""
    rows = []
    for label, e in table.items():
        count, _, word = label.partition(" ")
        contract, slash, call = label.partition("/")
        rows.append({"label": label, **e,
                     "marks": int(count) if word in ("mark", "marks") and count.isdigit()
                     else None,
                     "shown": Text("{contract}/{call}", contract=contract, call=call)
                     if slash else label})
    return rows


def variant_blocks(numbers: dict) -> list[dict]:
    """Her numbers per variant, with what each kind of game adds."""
    blocks = []
    for vid, b in numbers["by_variant"].items():
        variant = rules.VARIANTS.get(vid)
        bidding = bool(variant and variant.bidding)
        blocks.append({
            "id": vid, "title": variant_title(vid), "numbers": b, "bidding": bidding,
            "exact": bool(variant and variant.bids_own_tricks),  # every player bids: made = exact
            "levels": bid_rows(b.get("by_level", {})),
            "contracts": bid_rows(b.get("by_contract", {})),
            "calls": bid_rows(b.get("by_call", {})),
            "train": b.get("train"), "solitaire": b.get("solitaire"),
        })
    return blocks


def leaderboard_rows(board: list[dict], players: dict, names: dict[int, str],
                     vid: str | None = None) -> list[dict]:
    """Leaderboard rows with names and bids made % (over the variant, or all games)."""
    rows = []
    for r in board:
        pid = r["player"]
        if pid not in names:
            continue
        numbers = players[pid]["by_variant"][vid] if vid else players[pid]
        rows.append({**r, "id": pid, "name": names[pid], "bids": numbers["bids"],
                     "made": numbers["made"], "made_rate": numbers["made_rate"]})
    return rows


def person_page(club_id: int, person_id: int, names: dict[int, str]) -> dict[str, Any]:
    """The person page: her numbers (n), per variant (blocks), partners and opponents."""
    mine = person_numbers(club_id, person_id)
    if not mine:
        return {"n": None, "blocks": [], "partners": [], "opponents": []}
    return {"n": mine, "blocks": variant_blocks(mine),
            "partners": people_rows(mine["partners"], names),
            "opponents": people_rows(mine["opponents"], names, opponents=True)}


def leaderboards(club_id: int, names: dict[int, str]) -> tuple[dict, list[dict], list[dict]]:
    """The club stats page: (club_summary, a board per variant, the board over all games)."""
    summary, players = club_numbers(club_id)
    boards = []
    for vid, v in summary["by_variant"].items():
        variant = rules.VARIANTS.get(vid)
        rows = leaderboard_rows(v["leaderboard"], players, names, vid)
        solitaire = bool(variant and variant.solitaire)
        if solitaire:  # never finished: ranked by the games of solitaire won
            for r in rows:
                r["solitaire"] = players[r["id"]]["by_variant"][vid]["solitaire"]
            rows.sort(key=lambda r: (-r["solitaire"]["wins"],
                                     -(r["solitaire"]["win_rate"] or 0.0)))
        boards.append({"id": vid, "title": variant_title(vid), "games": v["games"],
                       "finished": v["finished"], "solitaire": solitaire,
                       "bidding": bool(variant and (variant.bidding or variant.bids_own_tricks)),
                       "rows": rows})
    return summary, boards, leaderboard_rows(summary["leaderboard"], players, names)


def stats_csv_rows(club_id: int, names: dict[int, str]) -> list[list]:
    """The club stats as CSV: one row per person and variant, then her row over all games."""
    _, players = club_numbers(club_id)
    header = ["Person", "Game", "Games", "Finished", "Wins", "Win rate", "Bids", "Made", "Set",
              "Made rate", "Other side's bids", "Set by her side", "Current streak",
              "Longest streak", "Average pips per round", "Rounds gone out", "Solitaire games",
              "Solitaire wins", "Best (left in the row)"]
    rows: list[list] = [header]
    for pid, numbers in sorted(players.items(), key=lambda kv: names.get(kv[0], "")):
        if pid not in names:
            continue
        blocks = [(variant_title(vid), b) for vid, b in numbers["by_variant"].items()]
        for title, b in blocks + [("All games", numbers)]:
            train, solo = b.get("train") or {}, b.get("solitaire") or {}
            rows.append([names[pid], title, b["games"], b["finished"], b["wins"],
                         _ratio(b["win_rate"]), b["bids"], b["made"], b["set"],
                         _ratio(b["made_rate"]), b["opponent_bids"], b["opponents_set"],
                         b["streak"]["current"], b["streak"]["longest"],
                         train.get("avg_pips", ""), train.get("out", ""),
                         solo.get("games", ""), solo.get("wins", ""),
                         "" if solo.get("best") is None else solo["best"]])
    return rows


def _ratio(value: float | None):
    """A rate for a spreadsheet: a number from 0 to 1, or empty."""
    return "" if value is None else value


def archive_csv_rows(games: Iterable[dict]) -> Iterator[list]:
    """The archive as CSV (every game the filters match, e.g. queries.archive_stream): a
    header, then one row per game, made as the games come."""
    yield ["Game id", "Started (UTC)", "Game", "Players", "Status", "Hands", "Result",
           "Winners"]
    for game in games:
        row = archive_row(game)
        status = "finished" if row["finished"] else ("in progress" if row["scores"]
                                                     else "does not score")
        result = "; ".join(f"{s['name']} {s['total']}" for s in row["sides"])
        yield [row["id"], row["date"].strftime("%Y-%m-%d %H:%M"), row["title"],
               ", ".join(row["players"]), status, "" if row["hands"] is None else row["hands"],
               result, " and ".join(row["winners"])]


def person_csv_rows(club_id: int, person_id: int, names: dict[int, str]) -> list[list]:
    """Her page as CSV (person_numbers, as the page): a row per game she played and one over
    all of them; then her bids by level, contract and call per game; then partners and head to
    head. The first column says which table a row belongs to."""
    mine = person_numbers(club_id, person_id)
    rows: list[list] = [["Table", "Game", "What", "Games", "Finished", "Wins", "Win rate",
                         "Bids", "Made", "Set", "Made rate"]]
    if not mine:
        return rows
    for vid, b in list(mine["by_variant"].items()) + [(None, mine)]:
        rows.append(["Games", variant_title(vid) if vid else "All games", "", b["games"],
                     b["finished"], b["wins"], _ratio(b["win_rate"]), b["bids"], b["made"],
                     b["set"], _ratio(b["made_rate"])])
    for vid, b in mine["by_variant"].items():
        for table, key in (("By bid", "by_level"), ("By contract", "by_contract"),
                           ("By call", "by_call")):
            for label, e in b.get(key, {}).items():
                rows.append([table, variant_title(vid), label, "", "", "", "", e["bids"],
                             e["made"], e["set"], _ratio(e["made_rate"])])
    for table, key in (("Partner", "partners"), ("Against", "opponents")):
        for row in people_rows(mine[key], names, opponents=key == "opponents"):
            rows.append([table, "All games", row["name"], row["games"], row["finished"],
                         row["wins"], _ratio(row["win_rate"]), "", "", "", ""])
    return rows
