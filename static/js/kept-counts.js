// The pip counts kept on this phone (loaded after pwa.js, whose helpers it uses as window.SK):
// a count sent from the seats panel (partials/games/_seats.html: a seated phone's own, "I went
// out", or one the scorer types for a seat) goes from here instead of as a page load, and when
// the server cannot be reached, or answers in trouble (5xx, 429), it is kept (localStorage, per
// game, one per round and seat: a correction takes the place of the count it corrects) and sent
// again until the server has it, saying so meanwhile. A count is the same whenever it arrives
// (the server keeps the last one per seat until the round is saved), so sending it again never
// counts it twice. A count the server refuses (409: the round was saved already, or the phone
// no longer plays that seat; 422: not a number) stays shown with the server's reason until the
// player has read it: never dropped silently. Sent, the panel is redrawn by the live poll.
//
// An entry: {url, body, key (round:seat), round, label, what, state ("waiting" or "refused"),
// tried (a try did not get through), notice, at}.
(function () {
  "use strict";

  var SK = window.SK;
  if (!SK || !SK.GAME) return;
  var GAME = SK.GAME, read = SK.read, write = SK.write, el = SK.el;
  var COUNT_PATH = /\/games\/(\d+)\/counts$/;
  var KEPT = "sk:counts:" + GAME;
  var SEND_TIMEOUT_MS = 15000;
  // The sentences, in the page's language (partials/games/_kept_scripts.html: data-texts on
  // this script's tag); say(key, {name: value}) fills in each {name}.
  var TEXTS = JSON.parse(document.currentScript.dataset.texts);
  function say(key, values) {
    return TEXTS[key].replace(/\{(\w+)\}/g, function (all, name) { return String(values[name]); });
  }

  function kept() { return read(KEPT) || []; }
  function keep(entries) { return write(KEPT, entries.length ? entries : null); }

  // What a count form holds, in words: "I went out", "30", "12+11+7 and the double blank".
  function what(body) {
    if (body.get("out") === "1") return say("went_out");
    var pips = (body.get("pips") || "").replace(/\s+/g, "");
    return body.get("double_blank") === "1" ? say("with_double_blank", {pips: pips}) : pips;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var action = form && form.getAttribute && form.getAttribute("action");
    if (!action || !COUNT_PATH.test(new URL(action, location.href).pathname)) return;
    event.preventDefault();
    var body = new URLSearchParams(new FormData(form));
    var round = Number(body.get("number")) + 1;
    var entry = {url: new URL(action, location.href).pathname, body: body.toString(),
                 key: body.get("number") + ":" + body.get("seat"), round: round,
                 label: form.getAttribute("data-count-label") || say("the_count"),
                 what: what(body), state: "waiting", at: new Date().toISOString()};
    // sent: the boxes say what the page was drawn with again and the tile picker folds, so
    // the poll redraws the panel (live.js holds it while a count is typed): the phone's own
    // count forms ("I went out" sent over a half-typed box too), or the one seat the scorer
    // typed (not the others it is typing)
    var panel = form.closest("#seats");
    var sent = form.classList.contains("type-count") || !panel ? [form]
      : panel.querySelectorAll("form:not(.type-count)");
    Array.prototype.forEach.call(sent, function (f) {
      Array.prototype.forEach.call(f.querySelectorAll("input"), function (input) {
        input.defaultValue = input.value;
      });
      Array.prototype.forEach.call(f.querySelectorAll("[data-tile-picker][open]"), function (p) {
        p.open = false;
      });
    });
    var focused = document.activeElement;
    if (focused && form.contains(focused)) focused.blur();
    var entries = kept().filter(function (e) { return e.key !== entry.key; });
    entries.push(entry);
    if (!keep(entries)) {  // no storage on this phone: sent as the plain form it is
      form.submit();
      return;
    }
    render();
    send();
  });

  var sending = false, timer = null;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(send, SK.RETRY_MS);
  }

  // Each waiting count sent in turn; one still not through waits for the next try.
  function send() {
    if (sending) return;
    var entry = kept().filter(function (e) { return e.state === "waiting"; })[0];
    if (!entry) return;
    sending = true;
    var abort = window.AbortController ? new AbortController() : null;
    var stopTimer = abort && setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS);
    fetch(entry.url, {
      method: "POST", body: entry.body, credentials: "same-origin", redirect: "manual",
      cache: "no-store", signal: abort ? abort.signal : undefined,
      headers: {"Content-Type": "application/x-www-form-urlencoded"}
    }).then(function (response) {
      clearTimeout(stopTimer);
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        settle(entry, null);  // counted: the server answers 303
        return null;
      }
      if (response.status >= 500 || response.status === 429) throw new Error("in trouble");
      return SK.refusal(response).then(function (why) { settle(entry, why); });
    }).then(function () {
      sending = false;
      send();
    }, function () {  // not through: kept, said so, and tried again
      clearTimeout(stopTimer);
      sending = false;
      keep(kept().map(function (e) {
        if (e.key === entry.key && e.at === entry.at) e.tried = true;
        return e;
      }));
      render();
      later();
    });
  }

  // The server answered `entry`: counted (why null), or refused, saying why.
  function settle(entry, why) {
    var entries = kept();
    entries.forEach(function (e, i) {
      // corrected meanwhile: the new one goes next
      if (e.key !== entry.key || e.at !== entry.at) return;
      if (why === null) entries[i] = null;
      else { e.state = "refused"; e.notice = why; }
    });
    keep(entries.filter(Boolean));
    render();
    var live = document.getElementById("live");
    if (why === null && live && window.htmx) window.htmx.trigger(live, "sk:poll");
  }

  function render() {
    var node = SK.slot("counts");
    if (!node) return;
    var entries = kept();
    node.textContent = "";
    node.className = "";
    node.removeAttribute("role");
    var refused = entries.filter(function (e) { return e.state === "refused"; });
    // waiting, once a try did not get through (not while the first try is on its way)
    var waiting = entries.filter(function (e) { return e.state === "waiting" && e.tried; });
    if (refused.length) {
      node.className = "alert error kept-counts";
      node.setAttribute("role", "alert");
      refused.forEach(function (e) {
        node.appendChild(el("p", {}, [
          el("strong", {text: say("not_counted", e)}),
          document.createTextNode(e.notice || say("server_refused"))]));
      });
      node.appendChild(el("div", {"class": "kept-actions"}, [
        el("button", {type: "button", "class": "button small", "data-kept-count": "seen",
                      text: say("ok")})]));
    } else if (waiting.length) {
      node.className = "alert warn kept-counts";
      node.setAttribute("role", "status");
    }
    if (!waiting.length) return;
    waiting.forEach(function (e) {
      node.appendChild(el("p", {}, [
        el("strong", {text: say("kept", e)}),
        document.createTextNode(" " + say("sent_when_back"))]));
    });
    node.appendChild(el("div", {"class": "kept-actions"}, [
      el("button", {type: "button", "class": "button small", "data-kept-count": "send",
                    text: say("try_now")})]));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-kept-count]");
    if (!button) return;
    if (button.getAttribute("data-kept-count") === "send") {
      send();
    } else {  // read: the refused counts go
      keep(kept().filter(function (e) { return e.state !== "refused"; }));
      render();
    }
  });
  window.addEventListener("online", send);

  function start() {
    render();
    send();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
