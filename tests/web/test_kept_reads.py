"""kept_reads: a read served from memory only while nothing was committed since it was made,
by any connection, in this process or another; the /live poll's head is such a read."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from contextlib import closing

import pytest

from scorekeeper import access
from scorekeeper.kept_reads import KeptReads

from .helpers import HX, game, post_hand
from .test_live_scale import _count, import_game, record_of, viewer_of


@pytest.fixture
def database(tmp_path):
    """A SQLite file in WAL mode with one row, and a connection of its own that writes it."""
    path = str(tmp_path / "kept.sqlite")
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE t (v INTEGER)")
    writer.execute("INSERT INTO t VALUES (1)")
    yield path, writer
    writer.close()


def reader(path):
    """A read of the row that counts its calls."""
    calls = []

    def read():
        calls.append(1)
        with closing(sqlite3.connect(path)) as connection:
            return connection.execute("SELECT v FROM t").fetchone()[0]

    return read, calls


def test_a_read_is_served_again_until_another_connection_commits(database):
    path, writer = database
    kept = KeptReads(path)
    read, calls = reader(path)
    assert [kept.read("v", read) for _ in range(3)] == [1, 1, 1] and len(calls) == 1
    writer.execute("UPDATE t SET v = 2")
    assert kept.read("v", read) == 2 and len(calls) == 2
    assert kept.read("v", read) == 2 and len(calls) == 2


def test_a_commit_in_another_process_is_seen(database):
    path, _writer = database
    kept = KeptReads(path)
    read, _calls = reader(path)
    assert kept.read("v", read) == 1
    subprocess.run([sys.executable, "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]);"
                    " c.execute('UPDATE t SET v = 3'); c.commit()", path], check=True)
    assert kept.read("v", read) == 3


def test_a_commit_between_the_look_and_the_read_is_read_at_the_next_call(database):
    path, writer = database
    kept = KeptReads(path)
    read, calls = reader(path)

    def read_before_a_commit():
        value = read()  # what a read sees just before another phone's write lands
        writer.execute("UPDATE t SET v = v + 1")
        kept.generation()  # another thread's request looks before this read is kept
        return value

    assert kept.read("v", read_before_a_commit) == 1
    assert kept.read("v", read) == 2 and len(calls) == 2  # not the 1 read before the commit


def test_no_thread_is_served_a_value_older_than_the_last_commit_before_it_asked(database):
    """Readers on 4 threads while another connection commits 1, 2, 3...: each read returns at
    least the value committed before it was asked for."""
    path, writer = database
    kept = KeptReads(path)
    committed = [1]
    stale: list[tuple[int, int]] = []
    done = threading.Event()

    def read():
        with closing(sqlite3.connect(path)) as connection:
            return connection.execute("SELECT v FROM t").fetchone()[0]

    def reader():
        while not done.is_set():
            before = committed[0]
            value = kept.read("v", read)
            if value < before:
                stale.append((value, before))

    threads = [threading.Thread(target=reader) for _ in range(4)]
    for thread in threads:
        thread.start()
    for value in range(2, 150):
        writer.execute("UPDATE t SET v = ?", (value,))
        committed[0] = value
    done.set()
    for thread in threads:
        thread.join()
    assert stale == [] and kept.read("v", read) == 149


def test_a_watch_that_fails_leaves_every_read_to_the_database(tmp_path):
    kept = KeptReads(str(tmp_path / "no such folder" / "kept.sqlite"))  # cannot be opened
    calls = []
    assert [kept.read("v", lambda: calls.append(1) or len(calls)) for _ in range(2)] == [1, 2]


def test_a_reset_watches_the_file_now_at_the_path(database, tmp_path):
    path, writer = database
    kept = KeptReads(path)
    read, calls = reader(path)
    assert kept.read("v", read) == 1
    other = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(other, isolation_level=None)) as connection:
        connection.execute("CREATE TABLE t (v INTEGER)")
        connection.execute("INSERT INTO t VALUES (7)")
    writer.close()
    kept.reset()  # what the engine's dispose does, before a file is put in its place
    other.replace(path)
    assert kept.read("v", read) == 7
    with closing(sqlite3.connect(path, isolation_level=None)) as connection:
        connection.execute("UPDATE t SET v = 8")
    assert kept.read("v", read) == 8 and len(calls) == 3


def test_an_unchanged_poll_reads_nothing_from_the_database(app, client):
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("PostgreSQL has no question cheaper than the read: it reads every time")
    game_id = import_game(client, record_of(2))
    viewer = viewer_of(app, client, game_id)
    live = f"/games/{game_id}/live"
    etag = viewer.get(live).headers["ETag"]
    response, seen = _count(lambda: viewer.get(live, headers={"If-None-Match": etag}))
    assert response.status_code == 304 and seen == []
    assert post_hand(client, game_id, {"mode": "quick", "passed": "1"}).status_code == 303
    response, seen = _count(lambda: viewer.get(live, headers={"If-None-Match": etag, **HX}))
    assert response.status_code == 200 and len(seen) >= 1  # the new version, read and rendered
    assert response.headers["ETag"] != etag


def test_a_write_by_another_worker_reaches_the_next_poll(app, client, another_worker):
    game_id = import_game(client, record_of(2))
    viewer = viewer_of(app, client, game_id)
    live = f"/games/{game_id}/live"
    etag = viewer.get(live).headers["ETag"]
    assert viewer.get(live, headers={"If-None-Match": etag}).status_code == 304
    other = another_worker()
    scorer = other.test_client()
    scorer.set_cookie(access.PHONE_COOKIE, client.get_cookie(access.PHONE_COOKIE).value)
    with other.app_context():
        version = str(game(game_id).version)
        answer = scorer.post(f"/games/{game_id}/hands", data={"version": version, "mode": "quick",
                                                              "passed": "1"})
    assert answer.status_code == 303
    response = viewer.get(live, headers={"If-None-Match": etag, **HX})
    assert response.status_code == 200 and response.headers["ETag"] != etag


def test_a_write_not_committed_is_never_kept(app):
    """A kept read reads what is committed: a request's own write, read before its commit and
    then rolled back, is never served to the next request."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Club, Person, new_code
    from scorekeeper.players import queries

    club = Club(name="Tuesday", code=new_code())
    db.session.add(club)
    db.session.commit()
    db.session.add(Person(club_id=club.id, name="Ann"))
    db.session.commit()
    db.session.add(Person(club_id=club.id, name="Bob"))
    db.session.flush()  # written in this session's transaction, not committed
    assert list(queries.people(club.id).values()) == ["Ann"]
    db.session.rollback()
    assert list(queries.people(club.id).values()) == ["Ann"]


def test_a_connection_the_database_server_closed_is_read_on_again(app, client):
    """On a database server, read_committed's pool pings no connection before a read (a round
    trip on every poll): a read on one the server closed since (a restart) is made once more,
    on a new one."""
    from sqlalchemy import text as sql

    from scorekeeper import kept_reads, store
    from scorekeeper.extensions import db

    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        pytest.skip("SQLite's reads go through the app's own pool: a file has no connection "
                    "to lose")
    game_id = import_game(client, record_of(2))
    version = store.get_head(game_id)[0].version
    reader = app.extensions[kept_reads._READER]
    with reader.connect() as connection:  # the pool's one connection: the next read's
        server_pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar()
    db.session.execute(sql("SELECT pg_terminate_backend(:pid)"), {"pid": server_pid})
    db.session.commit()
    assert store.get_head(game_id)[0].version == version
    with reader.connect() as connection:
        assert connection.exec_driver_sql("SELECT pg_backend_pid()").scalar() != server_pid
