"""gunicorn's settings on the club's server (README "Host it for your club"): the app on
127.0.0.1 only, behind Caddy (deploy/Caddyfile), run by deploy/scorekeeper.service.

    gunicorn --config deploy/gunicorn.conf.py 'scorekeeper:create_app()'

Only this machine reaches it: the phones go through the proxy, whose X-Forwarded-* headers the
app believes (TRUSTED_PROXIES=1, from 127.0.0.1 only).
"""
import os

# PORT: the app's own setting (README "Configuration"); Caddy's reverse_proxy points here.
bind = [f"127.0.0.1:{os.environ.get('PORT', '8000')}"]
# Worker processes share nothing but the database (and SECRET_KEY): the version check, the hand
# numbers and the join-code limit hold across them. Two per core is plenty for a club.
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
# Threads make gthread workers, which keep the proxy's connections alive; a thread waits on the
# database most of the time.
threads = 8
# Longer than the phones' 2 s poll, so a connection is kept from one poll to the next.
keepalive = 10
timeout = 30
graceful_timeout = 10
# The errors to the journal (systemd keeps stderr); no access log: every phone polls every 2 s.
errorlog = "-"


def post_worker_init(worker):
    """Each worker serves with threads, set up as scorekeeper.serve.ready_to_serve says (its
    templates compiled, the GIL handed on often; on Python 3.11 its garbage collected between
    requests, never inside one). Each sends webhooks too (scorekeeper.webhooks: a delivery is
    claimed, so sent by one)."""
    from scorekeeper.serve import ready_to_serve
    from scorekeeper.webhooks import start_sender

    ready_to_serve(worker.wsgi)
    start_sender(worker.wsgi)
