"""Every bench in bench/ still runs (issue 20: bench_live.py had stopped at its set-up, and a
bench that cannot run measures nothing): each started with a tiny size, its output checked."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TINY = {
    # every row's answer checked, two of them timed (wrk's shortest run is a second a row)
    "bench_wrk.py": (["--club-games", "4", "--event-teams", "4", "--seconds", "1",
                      "--rounds", "1", "--only", "live poll, unchanged (304)", "--only", "club stats"],
                     ["| live poll, unchanged (304) |", "| club stats |"]),
    "bench_live.py": (["--seconds", "0.5", "--phones", "4", "--games", "2", "--load-seconds",
                       "3", "--hand-every", "1", "--history-sizes", "3,6"],
                      ["live 304 (If-None-Match)", "## phones: 4 phones over 2 game(s)",
                       "errors 0", "6 hands:"]),
    "bench_club.py": (["--games", "8", "--runs", "1"], ["archive CSV", "stats after a write"]),
    "bench_memory.py": (["--games", "4"], ["after 4 games", "RSS"]),
    "bench_ratings.py": (["--games", "8", "--runs", "1"],
                         ["first view after it", "re-rating every game after the answer"]),
    "bench_rules.py": ([], ["1000 hands"]),
    "bench_seating.py": (["--runs", "1"], ["| progressive, 23 players |",
                                          "| tables, 23 at card42 tables of 3, 4 rounds |"]),
    "bench_stats.py": (["20"], ["20 games"]),
}


@pytest.mark.parametrize("bench", sorted(TINY))
def test_the_bench_runs(bench, tmp_path):
    if bench == "bench_wrk.py" and shutil.which("wrk") is None:
        pytest.skip("wrk is not installed (apt-get install wrk)")
    args, expected = TINY[bench]
    done = subprocess.run([sys.executable, str(ROOT / "bench" / bench), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert "WRONG ANSWER" not in done.stdout, done.stdout[-2000:]
    for text in expected:
        assert text in done.stdout, (text, done.stdout[-2000:])
