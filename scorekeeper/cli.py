"""The `scorekeeper` command: `check` scores a game record without a server or database."""
from __future__ import annotations

import argparse
import json
import sys

from .rules import score

EXIT_VALID, EXIT_INVALID, EXIT_MISUSE = 0, 1, 2


def check(path: str) -> int:
    """Print the result of the record in `path` (or standard input for "-") as JSON."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as error:
        print(f"scorekeeper check: cannot read {path}: {error}", file=sys.stderr)
        return EXIT_MISUSE
    try:
        record = json.loads(text, parse_constant=_not_json)
    except (ValueError, RecursionError) as error:
        result = {"ok": False, "hand": None, "error": _json_problem(error)}
    else:
        result = score(record)
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return EXIT_VALID if result["ok"] else EXIT_INVALID


def _not_json(word: str):
    """NaN and Infinity: Python reads them, but they are not JSON."""
    raise ValueError(f"{word} is not a JSON number")


def _json_problem(error: Exception) -> str:
    """What is wrong with a file that does not read as JSON, in one plain sentence (never
    Python's own words)."""
    if isinstance(error, RecursionError):
        return "The file is not a game record: its JSON is nested too deeply to read."
    if isinstance(error, json.JSONDecodeError):
        if not error.doc.strip():
            return "The file is empty: a game record is a JSON object."
        return (f"The file is not valid JSON: it breaks off or goes wrong at line {error.lineno}, "
                f"column {error.colno}.")
    if "not a JSON number" in str(error):
        return "The file is not valid JSON: NaN and Infinity are not numbers in JSON."
    return "The file is not valid JSON: it holds a number too long to read."


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scorekeeper", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    checker = commands.add_parser("check", help="check and score a game record (JSON)")
    checker.add_argument("file", help="the record's path, or - for standard input")
    checker.set_defaults(run=lambda args: check(args.file))
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
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
