"""rules.score_versions (the history page's earlier versions of hands, issue 20): in one
replay, exactly what rules.preview of the hands before each version plus that version gives."""
from __future__ import annotations

import random

import pytest

from scorekeeper.rules import VARIANTS, preview, score_versions
from tests.random_games import random_hand, random_record

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def one_by_one(record: dict, versions: dict[int, list]) -> dict[int, list]:
    """What the page did before: each version previewed after the hands before it."""
    out = {}
    for k, hands in versions.items():
        rows = []
        for hand in hands:
            pv = preview({**record, "hands": record["hands"][:k]}, hand, None) \
                if k <= len(record["hands"]) else {"ok": False}
            rows.append(pv["hands"][k] if pv.get("ok") else None)
        out[k] = rows
    return out


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
@pytest.mark.parametrize("seed", range(4))
def test_each_version_scores_as_its_preview(variant_id, seed):
    rng = random.Random(seed)
    seats = {"card42": 5, "moon": 3, "castle-rock": 1}.get(variant_id, 4)
    record = random_record(rng, variant_id, PLAYERS[:seats], hands=12)
    n = len(record["hands"])
    versions: dict[int, list] = {}
    for _ in range(12):  # other hands anywhere, a bad one, one past the end, after the end
        k = rng.randrange(n + 2)
        hand = random_hand(rng, variant_id, seats, k, record["first_dealer"])
        versions.setdefault(k, []).append(rng.choice([hand, hand, {"nonsense": 1}]))
    assert score_versions(record, versions) == one_by_one(record, versions)


def test_a_record_that_breaks_a_rule_scores_the_versions_before_the_break():
    rng = random.Random(7)
    record = random_record(rng, "lechner42", PLAYERS[:4], hands=8, finish=False)
    good = record["hands"][2]
    record["hands"][5] = {"bidder": 9}  # no such seat: the record stops scoring here
    versions = {1: [good], 5: [good], 7: [good]}
    got = score_versions(record, versions)
    assert got == one_by_one(record, versions)
    assert got[1][0] is not None and got[7] == [None]
    assert score_versions({"variant": "nope"}, {0: [good]}) == {0: [None]}
