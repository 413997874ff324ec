"""The `scorekeeper` command: `check` scores a game record, `stats` sums players' numbers over
records, `ratings` rates players over records in order, `standings` and `schedule` read an event record, without a server or database."""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from . import ratings, tournament
from .rules import score
from .stats import Game, club_summary, game_summary, name_key, names_of, player_stats

EXIT_VALID, EXIT_INVALID, EXIT_MISUSE = 0, 1, 2


class Unreadable(Exception):
    """A file that cannot be read at all (exit 2); the message is one plain sentence."""


class NotJson(Exception):
    """A file read but not JSON: an invalid record (exit 1, hand null), as game-record.md says."""


def read_text(path: str) -> str:
    """The text of `path`, or of standard input for "-": UTF-8, a leading byte-order mark dropped.
    Unreadable when there is no such file, it is a folder, it may not be read or is not UTF-8."""
    where = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            data = stream.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except FileNotFoundError:
        raise Unreadable(f"Cannot read {where}: there is no such file.") from None
    except IsADirectoryError:
        raise Unreadable(f"Cannot read {where}: it is a folder, not a file.") from None
    except PermissionError:
        raise Unreadable(f"Cannot read {where}: permission denied.") from None
    except UnicodeDecodeError:
        raise Unreadable(f"Cannot read {where}: it is not UTF-8 text.") from None
    except OSError:
        raise Unreadable(f"Cannot read {where}: the file could not be opened.") from None
    return text.removeprefix("\ufeff")


def _not_json(word: str):
    """NaN and Infinity: Python reads them, but they are not JSON."""
    raise ValueError(f"{word} is not a JSON number")


def parse_json(text: str) -> Any:
    """The JSON value of a file's text, or NotJson with a plain sentence saying where it breaks
    (never Python's own words)."""
    if not text.strip():
        raise NotJson("The file is empty: a game record is a JSON object.")
    try:
        return json.loads(text, parse_constant=_not_json)
    except json.JSONDecodeError as error:
        raise NotJson(f"The file is not valid JSON: it breaks off or goes wrong at line "
                      f"{error.lineno}, column {error.colno}.") from None
    except RecursionError:
        raise NotJson("The file is not a game record: its JSON is nested too deeply to read.") from None
    except ValueError as error:
        if "not a JSON number" in str(error):
            raise NotJson("The file is not valid JSON: NaN and Infinity are not numbers in JSON.") from None
        raise NotJson("The file is not valid JSON: it holds a number too long to read.") from None


def read_json(path: str) -> Any:
    """The one reader of `check` and `stats`: Unreadable (exit 2) or NotJson (exit 1)."""
    return parse_json(read_text(path))


def emit(value: dict) -> None:
    json.dump(value, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def check(path: str) -> int:
    """Print the result of the record in `path` (or standard input for "-") as JSON."""
    try:
        record = read_json(path)
    except Unreadable as error:
        print(f"scorekeeper check: {error}", file=sys.stderr)
        return EXIT_MISUSE
    except NotJson as error:
        result = {"ok": False, "hand": None, "error": str(error)}
    else:
        result = score(record) if not isinstance(record, list) else {
            "ok": False, "hand": None,
            "error": f"This file holds a list of {len(record)} game records (an export of many "
                     f"games); check checks one record. Use `scorekeeper stats {path}` to check "
                     f"every record in it, or check them one by one."}
    emit(result)
    return EXIT_VALID if result["ok"] else EXIT_INVALID


class Refused(Exception):
    """A file of records refused: the exit code, once its message is printed."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def read_games(command: str, paths: list[str]) -> list[Game]:
    """The records of `paths` as `stats.Game` items (summary, the seats' shown names, place), in
    the order read: the one reader of `stats` and `ratings`.

    Every file is read first: one that cannot be read exits 2 before any record is judged. A
    file holds one record (its `game` is 0) or a JSON list of records (`game`: the index in the
    list). The first invalid record, in the order given, exits 1 with
    {"ok": false, "file", "game", "hand", "error"}; a file that is not JSON has game and hand
    null (Refused, its message printed). A player is her name; names equal by `name_key`
    (spaces, NFC, case) are one player, shown as the first spelling met.
    """
    texts = []
    for path in paths:
        try:
            texts.append((path, read_text(path)))
        except Unreadable as error:
            print(f"scorekeeper {command}: {error}", file=sys.stderr)
            emit({"ok": False, "file": path, "game": None, "hand": None, "error": str(error)})
            raise Refused(EXIT_MISUSE) from None
    games = []
    spellings: dict[str, str] = {}  # one person, one name: the first spelling met is shown
    for path, text in texts:
        try:
            value = parse_json(text)
        except NotJson as error:
            emit({"ok": False, "file": path, "game": None, "hand": None, "error": str(error)})
            raise Refused(EXIT_INVALID) from None
        records = value if isinstance(value, list) else [value]
        for index, record in enumerate(records):
            result = score(record)
            if not result["ok"]:
                emit({"ok": False, "file": path, "game": index, "hand": result["hand"],
                      "error": result["error"]})
                raise Refused(EXIT_INVALID)
            games.append(Game(game_summary(record, result), names_of(record, spellings), len(games)))
    return games


def stats(paths: list[str]) -> int:
    """Print every player's numbers over the records in `paths` (see spec/stats.md), read by
    `read_games`."""
    try:
        games = read_games("stats", paths)
    except Refused as refused:
        return refused.code
    players = player_stats(games)
    club = club_summary(games, players)
    emit({"ok": True, "games": len(games), "finished": club["finished"],
          "by_variant": {vid: {"games": v["games"], "finished": v["finished"]}
                         for vid, v in club["by_variant"].items()},
          "players": players})
    return EXIT_VALID


def _rating_row(standing: ratings.Standing) -> dict:
    return {"games": standing.games, "wins": standing.wins, "mu": standing.mu,
            "sigma": standing.sigma, "ordinal": standing.ordinal}


def _leaderboard(table: dict) -> list:
    """A group's people or pairs as ranked: by ordinal, the provisional after the others."""
    return sorted(table.items(), key=lambda kv: (kv[1].provisional, -kv[1].ordinal))


def pair_name(names: list[str]) -> str:
    """Two partners' shown names, the one whose name key sorts first, then " & ", the other."""
    first, second = sorted(names if len(names) == 2 else names * 2, key=name_key)
    return f"{first} & {second}"


def ratings_command(paths: list[str]) -> int:
    """Print every person's rating per rating group over the records in `paths`, rated in the
    order read (see spec/ratings.md); the records are read as `stats` reads them."""
    try:
        games = read_games("ratings", paths)
    except Refused as refused:
        return refused.code
    rated = ratings.replay(games)
    groups = {}
    for group_id, group in rated.groups.items():
        block = {"players": {name: _rating_row(s) for name, s in _leaderboard(group.players)}}
        if group.partnership:
            block["pairs"] = {pair_name(sorted(pair)): _rating_row(s)
                              for pair, s in _leaderboard(group.pairs)}
        groups[group_id] = block
    emit({"ok": True, "games": rated.games, "rated": rated.rated, "groups": groups})
    return EXIT_VALID


def event_command(name: str, derive, path: str) -> int:
    """`standings` and `schedule`: read an event record (spec/events.md), print what `derive`
    makes of it; exit 0 valid, 1 invalid (not JSON included), 2 unreadable."""
    try:
        record = read_json(path)
    except Unreadable as error:
        print(f"scorekeeper {name}: {error}", file=sys.stderr)
        emit({"ok": False, "match": None, "game": None, "hand": None, "error": str(error)})
        return EXIT_MISUSE
    except NotJson as error:
        result = {"ok": False, "match": None, "game": None, "hand": None, "error": str(error)}
    else:
        result = derive(record)
    emit(result)
    return EXIT_VALID if result["ok"] else EXIT_INVALID


def standings(path: str) -> int:
    """Print an event's standings (see spec/events.md)."""
    return event_command("standings", tournament.standings, path)


def schedule(path: str) -> int:
    """Print the rounds of an event still to seat (see spec/events.md)."""
    return event_command("schedule", tournament.schedule, path)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    checker = commands.add_parser("check", help="check and score a game record (JSON)")
    checker.add_argument("file", help="the record's path, or - for standard input")
    checker.set_defaults(run=lambda args: check(args.file))
    summer = commands.add_parser("stats", help="players' numbers over game records (JSON)")
    summer.add_argument("files", nargs="+", metavar="FILE",
                        help="a record or a JSON list of records; - for standard input")
    summer.set_defaults(run=lambda args: stats(args.files))
    rater = commands.add_parser("ratings", help="players' ratings over game records, in order (JSON)")
    rater.add_argument("files", nargs="+", metavar="FILE",
                       help="a record or a JSON list of records; - for standard input")
    rater.set_defaults(run=lambda args: ratings_command(args.files))
    ranker = commands.add_parser("standings", help="an event's standings (JSON)")
    ranker.add_argument("file", help="the event record's path, or - for standard input")
    ranker.set_defaults(run=lambda args: standings(args.file))
    seater = commands.add_parser("schedule", help="the rounds of an event still to seat (JSON)")
    seater.add_argument("file", help="the event record's path, or - for standard input")
    seater.set_defaults(run=lambda args: schedule(args.file))
    server = commands.add_parser(
        "serve", help="serve the app with waitress on all interfaces (port: --port or $PORT)")
    server.add_argument("--port", type=int, default=None, help="default: $PORT or 5000")
    server.set_defaults(run=lambda args: serve(args.port))
    return parser


def serve(port: int | None = None) -> int:
    """Run the table app (waitress, 0.0.0.0) and print the URL phones can open, with a QR code."""
    from .serve import serve as run_server

    run_server(port)
    return EXIT_VALID


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return EXIT_MISUSE if exit_.code else EXIT_VALID
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader went away (`| head`): say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_VALID


if __name__ == "__main__":
    sys.exit(main())
