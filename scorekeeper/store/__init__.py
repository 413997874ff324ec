"""Every write, one function per change (cosmicpython's service layer).

Each write to a game is one transaction that bumps the game's version, the optimistic lock every
phone's form and poll carries, and writes the audit row that the history of changes shows. Views
parse the form, ask the rules engine, then call one of these; they never commit themselves.

Club writes (a club, its members, its roster) are one transaction each too; a roster change that
reaches games (a rename, a merge) bumps and audits every game it touches, so every phone watching
one of them sees the new name, and the history says why it changed.

Also the reads two blueprints share: get_game() loads a game with its hands in one statement
(a consistent snapshot: the version and the hands it goes with) and its players in one more.
A write keeps the loaded game current in memory (version, hands) instead of reading it again,
so entering a hand and showing the game after it costs five statements whatever the number of
hands.

Each concern is a module, in this order (one imports only modules before it): common (Refused,
the version bumps, the inserts that never fail on a race), club_numbers (summaries, a club's
kept numbers), rating_moves (a club's ratings, kept), people (a club's roster), club_rules,
games, seats (seats and counts), events, event_tv (an event's TV link), handover (taking over,
the rematch), clubs (a club and its phones), phones (phones, their roles, join-code guesses),
tokens (API tokens), webhooks (a club's webhooks and their deliveries). This package names every
function callers use, so `store.write_hand(...)` reads the same as before.
"""
from .club_numbers import (ClubHead, _move_club_numbers, club_head, club_stamp, counted,
                           derive_summary, game_seats, keep_club_stats, played, rated_parts,
                           rated_stamp, refresh_stale_summaries)
from .club_rules import club_rules, save_club_rules
from .clubs import (create_club, ensure_admin, hand_admin, import_club, join_club, leave_club,
                    let_back_in, name_season, new_club_code, remove_member,
                    set_club_language)
from .common import Refused, phone_name
from .event_tv import new_tv_link
from .events import (_unplayed, add_entrant, call_time, check_in, create_event, entrant_people,
                     import_event, move_table_phone, record_draw, record_forfeit, scanned_table_card,
                     seat_matches, stop_at_time, swap_player, table_phones, undo_check_in,
                     undo_withdrawal, withdraw, withdrawal)
from .games import (_insert_games, _summary_before, get_game, get_head, phone_game_heads,
                    put_back_hand, renew_join_code, rotate_scorer, start_game, table_now, write_hand)
from .handover import rematch, take_over
from .people import _people, _roster, add_person, merge_people, rename_person
from .phones import (adopt_old_roles, forget_guess, grant_role, guesses_from, new_phone,
                     prune_guesses, record_guess)
from .rating_moves import keep_rating_moves, rating_basis, rating_key, rating_rows, rerate_later
from .seats import (claim_seat, count_hand, drop_counts, pending_counts, phone_seat,
                    phone_seat_now, refusal_of, refuse_round, release_seat, seat_claims,
                    unseated_phones)
from .tokens import (TOKEN_USE_STEP, api_writes, claim_idempotency_key, forget_api_write,
                     idempotent_answer, keep_answer, make_token, record_api_write,
                     release_idempotency_key, revoke_token, token_by_hash, token_used)
from .webhooks import (add_webhook, claim_delivery, delivered, due_deliveries, enqueue,
                       enqueue_test, remove_webhook, send_again)
