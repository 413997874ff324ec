"""Whole games through the UI, setup to the game-over banner, on a 390x844 phone screen, the
setup form typed as a scorer does (ui.new_game typed=True; most other tests send it over HTTP).

Each game also enters one invalid hand and checks that the message names the rule and that
nothing was saved.
"""
from __future__ import annotations


from playwright.sync_api import expect

from . import ui


def banner(page):
    return page.locator(".banner.gameover")


def error(page):
    return page.locator("#hand-form .alert.error")


def test_lechner42_set_plunge_forced_dealer(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"], typed=True)
    board = page.locator("#scoreboard")
    expect(board).to_contain_text("Ann shakes")
    expect(board).to_contain_text("Bob bids first")

    # hand 1: everybody passes to the shaker, who must bid; then the bidders are set
    for c in ("pass", "pass", "pass"):
        ui.call(page, c)
    expect(page.locator("#hand-form button[name=call][value=pass]")).to_be_disabled()
    expect(page.locator("#hand-form .reasons")).to_contain_text("Not allowed: Pass")
    expect(page.locator("#hand-form button[name=call][value='126']")).to_be_disabled()
    ui.call(page, "30")
    expect(page.locator("#hand-form")).to_contain_text("Ann won the bid: 30")
    ui.choose(page, "contract", "straight")
    ui.type_number(page, "points", "25")
    expect(page.locator("#hand-form")).to_contain_text("The other team caught 17")
    expect(page.locator("#preview")).to_contain_text("Set")
    ui.save(page)
    expect(board.locator(".side").nth(1)).to_contain_text("1")
    ui.list_view(page)
    expect(page.locator("#hands")).to_contain_text("Ann bid 30 ✗ set · caught 25")

    # hand 2: Cat plunges; her partner calls follow me; made
    expect(board).to_contain_text("Bob shakes")
    ui.call(page, "plunge")
    for c in ("pass", "pass", "pass"):
        ui.call(page, c)
    expect(page.locator("#hand-form")).to_contain_text("Contract: Plunge")
    ui.choose(page, "played", "follow-me")
    ui.choose(page, "doubles_held", "4")
    ui.choose(page, "made", "1")
    expect(page.locator("#preview")).to_contain_text("+4")
    ui.save(page)

    # hand 3: Ann bids 2 marks and takes all 42
    ui.call(page, "pass")
    ui.call(page, "84")
    ui.call(page, "pass")
    ui.call(page, "pass")
    ui.choose(page, "contract", "straight")
    ui.type_number(page, "points", "42")
    ui.save(page)
    expect(board.locator(".side").first).to_contain_text("6")
    expect(board.locator(".tally").first).to_have_attribute("aria-label", "6 marks")

    # hand 4: an invalid hand first (sevens on a bid of 30): refused, nothing saved
    ui.call(page, "30")
    for c in ("pass", "pass", "pass"):
        ui.call(page, c)
    ui.choose(page, "contract", "sevens")
    ui.choose(page, "made", "1")
    ui.save(page, expect_saved=False)
    expect(error(page)).to_contain_text("at least 1 mark")
    expect(page.locator("#hand-form input[name=contract][value=sevens]")).to_be_checked()  # kept
    assert len(live.hands(gid)) == 3
    expect(page.locator("#hands li.hand-row")).to_have_count(3)

    ui.choose(page, "contract", "straight")
    ui.choose(page, "made", "1")
    ui.type_number(page, "points", "35")
    expect(page.locator("#preview")).to_contain_text("This ends the game")
    ui.save(page)
    expect(banner(page)).to_contain_text("Game over")
    expect(banner(page)).to_contain_text("Ann & Cat win")
    expect(page.locator("#hand-form")).to_have_count(0)
    assert len(live.hands(gid)) == 4


def test_card42_forbidden_dealer_bid_and_countdown(page, live):
    gid = ui.new_game(page, live.url, "card42", ["Ann", "Bob"], typed=True)
    # hand 1: Bob bids 7; the dealer Ann may not bid 0 (the bids would total 7)
    ui.call(page, "7")
    zero = page.locator("#hand-form button[name=call][value='0']")
    expect(zero).to_be_disabled()
    expect(page.locator("#hand-form .reasons")).to_contain_text("may not bid 0")
    ui.call(page, "1")
    # invalid: tricks that total 8
    ui.type_number(page, "tricks-0", "1")
    ui.type_number(page, "tricks-1", "7")
    expect(page.locator("#hand-form .tricks-total")).to_contain_text("they must total 7")
    ui.save(page, expect_saved=False)
    expect(error(page)).to_contain_text("The tricks add up to 8, but every hand has exactly 7 tricks.")
    assert live.hands(gid) == []
    ui.type_number(page, "tricks-0", "0")
    ui.save(page)
    assert live.hands(gid) == [{"bids": [1, 7], "tricks": [0, 7]}]

    # hand 2: Bob deals; Ann bids 1, Bob 7 and makes it
    ui.call(page, "1")
    ui.call(page, "7")
    ui.type_number(page, "tricks-0", "0")
    ui.type_number(page, "tricks-1", "7")
    ui.save(page)
    board = page.locator("#scoreboard")
    bob = board.locator(".side").nth(1)
    expect(bob).to_contain_text("28")
    expect(bob.locator(".countdown .mark")).to_have_text("14")
    expect(bob.locator(".countdown")).to_contain_text("needs 14")

    # hand 3: Bob makes 7 again and reaches 42
    ui.call(page, "7")
    ui.call(page, "1")
    ui.type_number(page, "tricks-0", "0")
    ui.type_number(page, "tricks-1", "7")
    ui.save(page)
    expect(banner(page)).to_contain_text("Bob wins")


def test_forty_two_with_all_pass_redeal(page, live):
    gid = ui.new_game(page, live.url, "forty-two", ["Ann", "Bob", "Cat", "Dan"],
                      options={"target_hands": 2}, typed=True)
    # hand 1: all four pass: a redeal
    for c in ("pass", "pass", "pass", "pass"):
        ui.call(page, c)
    expect(page.locator("#hand-form")).to_contain_text("Everyone passed: a redeal")
    ui.save(page)
    ui.list_view(page)
    expect(page.locator("#hands")).to_contain_text("All passed: redeal")
    expect(page.locator("#scoreboard")).to_contain_text("Bob shakes")

    # hand 2: Dan bids 30, his team catches 35
    ui.call(page, "pass")
    ui.call(page, "30")
    ui.call(page, "pass")
    ui.call(page, "pass")
    ui.type_number(page, "points", "35")
    expect(page.locator("#preview")).to_contain_text("+35")
    ui.save(page)

    # hand 3: invalid points first, then Ann's team is set: Bob & Dan win the second hand
    ui.call(page, "pass")
    ui.call(page, "30")
    ui.call(page, "pass")
    ui.call(page, "pass")
    ui.save(page, expect_saved=False)  # no points yet
    expect(error(page)).to_contain_text("Pick the points the bidding team caught")
    assert len(live.hands(gid)) == 2
    ui.type_number(page, "points", "20")
    ui.save(page)
    expect(banner(page)).to_contain_text("Bob & Dan win")
    expect(page.locator("#scoreboard")).to_contain_text("2 hands won")


def test_moon(page, live):
    gid = ui.new_game(page, live.url, "moon", ["Ann", "Bob", "Cat"], typed=True)
    ui.call(page, "4")
    ui.call(page, "pass")
    ui.call(page, "5")
    expect(page.locator("#hand-form")).to_contain_text("Ann won the bid: 5")
    for s, t in enumerate([5, 1, 2]):
        ui.type_number(page, f"tricks-{s}", t)
    ui.save(page, expect_saved=False)
    expect(error(page)).to_contain_text("The tricks add up to 8, but every hand has exactly 7 tricks.")
    assert live.hands(gid) == []
    ui.type_number(page, "tricks-2", "1")
    ui.save(page)
    expect(page.locator("#scoreboard .side").first).to_contain_text("5")

    # Cat shoots the moon and takes all seven: she wins at once. Nobody can top 21, so the
    # auction ends there and nobody is asked to pass (game-record.md Reading)
    ui.call(page, "21")
    expect(page.locator("#hand-form")).to_contain_text("Cat won the bid: Shoot the moon")
    for s, t in enumerate([0, 0, 7]):
        ui.type_number(page, f"tricks-{s}", t)
    ui.save(page)
    expect(banner(page)).to_contain_text("Cat wins")


def test_mexican_train(page, live):
    gid = ui.new_game(page, live.url, "mexican-train", ["Ann", "Bob", "Cat"],
                      options={"rounds": 2}, typed=True)
    board = page.locator("#scoreboard")
    expect(board).to_contain_text("Round 1 of 2")
    expect(board).to_contain_text("double 12")
    expect(board).to_contain_text("15 tiles")
    for s, p in enumerate([0, 10, 20]):
        ui.type_number(page, f"pips-{s}", p)
    ui.choose(page, "out", "0")
    ui.save(page)
    expect(board).to_contain_text("Round 2 of 2")
    expect(board).to_contain_text("double 11")

    # invalid: not blocked, and nobody went out
    for s, p in enumerate([5, 3, 20]):
        ui.type_number(page, f"pips-{s}", p)
    ui.save(page, expect_saved=False)
    expect(error(page)).to_contain_text("Someone must go out with 0 pips, unless the round was blocked")
    expect(error(page)).not_to_contain_text('"blocked"')
    assert len(live.hands(gid)) == 1
    ui.type_number(page, "pips-1", "0")
    ui.choose(page, "out", "1")
    ui.save(page)
    expect(banner(page)).to_contain_text("Ann wins")
    expect(page.locator("#scoreboard .side").first).to_contain_text("5")
