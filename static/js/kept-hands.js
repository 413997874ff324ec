// The hands kept on this phone (loaded on every page after pwa.js, whose helpers it uses as
// window.SK): a hand whose save could not reach the server is kept (localStorage, one per game)
// and sent again, as the plain form post it was, with the version it was made on, until the
// server answers. A save answers 303; a game that moved on meanwhile answers 409 (the server
// refuses a stale version), so a hand is never saved twice: the scorer is shown the kept hand
// and puts it back in the form to check and save, or discards it. Nothing is dropped without
// the scorer saying so.
(function () {
  "use strict";

  var SK = window.SK;
  if (!SK) return;
  var GAME = SK.GAME, RETRY_MS = SK.RETRY_MS;
  var store = SK.store, read = SK.read, write = SK.write, text = SK.text, el = SK.el,
      slot = SK.slot;
  var SAVE_PATH = /\/games\/(\d+)\/hands(?:\/(\d+))?$/;  // enter (POST .../hands) or edit (.../hands/<n>)
  var SEND_TIMEOUT_MS = 15000;

  var KEPT = "sk:kept:";
  var FLASH = "sk:kept-flash";

  function kept(game) { return read(KEPT + game); }
  function keep(game, entry) { return write(KEPT + game, entry); }
  // Where hand-keeper.js keeps the unsaved change to hand `index` typed in its edit form: a
  // change kept here as a save, or saved, is no longer "in progress" there.
  function editKey(game, index) { return "sk:edit:" + game + ":" + index; }
  // How a hand kept from `form` is named: its heading ("Hand 4"), or for the edit form of an
  // earlier hand, "The change to hand 3".
  function labelOf(form) {
    var index = form.elements.index ? form.elements.index.value : "";
    if (index !== "") return "The change to hand " + (Number(index) + 1);
    return text(form.querySelector(".form-head h2")) || "The hand";
  }

  // Every hand save carries an id this phone draws for it (save_id, kept in the save's audit
  // row), in a hidden field of the form, so a kept hand's body carries the id of the try that
  // failed; "was it saved?" (check, below) then counts only this phone's own save, never an
  // identical hand another phone on the same scorer link saved at that number.
  // (getRandomValues, not randomUUID: a phone on the LAN over http is no secure context.)
  function newSaveId() {
    var words = new Uint32Array(4);
    crypto.getRandomValues(words);
    return Array.prototype.map.call(words, function (w) {
      return ("0000000" + w.toString(16)).slice(-8);
    }).join("");
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    var path = new URL((detail.path || "").split("?")[0], location.href).pathname;
    var form = detail.elt && detail.elt.closest && detail.elt.closest("form");
    if (detail.verb !== "post" || !SAVE_PATH.test(path) || !form || !window.crypto) return;
    var field = form.querySelector("input[name=save_id]");
    if (!field) form.appendChild(field = el("input", {type: "hidden", name: "save_id"}));
    field.value = detail.parameters.save_id = newSaveId();
  });

  document.addEventListener("htmx:sendError", function (event) {
    var cfg = event.detail.requestConfig || {};
    var path = (cfg.path || "").split("?")[0];
    var match = cfg.verb === "post" && new URL(path, location.href).pathname.match(SAVE_PATH);
    if (!match) return;
    var form = event.detail.elt.closest("form") || document.getElementById("hand-form");
    if (!form) return;
    var game = match[1];
    var before = kept(game);
    var version = (form.elements.version || {}).value;
    if (before && !(before.state === "waiting" && before.version === version)) {
      // One kept hand a game: the first stays until the scorer settles it; this one stays in
      // the form, and they are told so.
      renderKept();
      var node = slot("kept");
      if (node) node.appendChild(el("p", {"class": "kept-also", text: "The hand in the form " +
        "was not saved either: the server cannot be reached. It stays in the form; save it " +
        "again once the kept hand above is settled."}));
      return;
    }
    // The number of the hand to come, from the form itself: the hands below may be shown as
    // the score sheet (no list rows to count).
    var hands = Number(form.getAttribute("data-number"));
    if (!form.hasAttribute("data-number") || isNaN(hands)) {
      hands = document.querySelectorAll("#hands li.hand-row, #score-grid tbody tr").length;
    }
    var index = match[2] === undefined ? null : Number(match[2]);
    var entry = {
      url: new URL(path, location.href).pathname,
      body: new URLSearchParams(new FormData(form)).toString(),
      version: version,
      index: index,
      number: index === null ? hands : index,
      label: labelOf(form),
      preview: text(form.querySelector("#preview")),
      state: "waiting",
      at: new Date().toISOString()
    };
    if (!keep(game, entry)) {
      renderKept({label: entry.label, state: "unkept"});
      return;
    }
    if (index !== null) write(editKey(game, index), null);  // kept here now, as a save
    renderKept();
    scheduleSend(0);
  });

  // While a hand waits, the hand form asks nothing of the server (its answer would be built on
  // the game as it was before the kept hand): a tap tries to send the kept hand instead.
  document.addEventListener("htmx:confirm", function (event) {
    if (!GAME) return;
    var entry = kept(GAME);
    var elt = event.detail.elt;
    if (entry && entry.state === "waiting" && elt && elt.closest &&
        elt.closest("#hand-form, #hands form")) {
      event.preventDefault();
      scheduleSend(0);
    }
  });

  var timer = null;
  function scheduleSend(delay) {
    if (!GAME) return;
    clearTimeout(timer);
    timer = setTimeout(function () { sendKept(GAME); }, delay);
  }

  function withLock(name, fn) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request(name, {ifAvailable: true}, function (lock) {
        if (lock) return fn();
        scheduleSend(RETRY_MS);  // another tab of this phone is sending it: look again later
        return null;
      });
    }
    return fn();
  }

  function refusal(response) {
    return response.text().then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var said = doc.querySelector("#form-error, .alert.warn, .alert.error, main .error") ||
        doc.querySelector("body > p");
      return text(said) || ("The server refused it (" + response.status + ").");
    }, function () { return "The server refused it (" + response.status + ")."; });
  }

  // A resend refused as stale: the server says whether the hand it carries is the one this
  // phone's first try saved (its answer lost on the way back), and how the hand list words it.
  function check(game, entry) {
    var body = new URLSearchParams(entry.body);
    body.set("number", String(entry.number));
    return fetch(entry.url.replace(/\/hands(?:\/\d+)?$/, "/hands/kept"), {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"X-CSRFToken": body.get("csrf_token") || ""}
    }).then(function (response) {
      return response.ok ? response.json() : {saved: false};
    }).catch(function () { return {saved: false}; });
  }

  // Saved: show the game as it now is. An edit was made on the edit page: its save ends on
  // the game page, as the server's 303 would have.
  function done(entry) {
    if (entry.index !== null) write(editKey(GAME, entry.index), null);
    var page = entry.index === null ? null : entry.url.replace(/\/hands\/\d+$/, "");
    if (page && location.pathname !== page) location.assign(page);
    else location.reload();
  }

  function sendKept(game) {
    return withLock("sk-kept-" + game, function () {
      var entry = kept(game);
      if (!entry || entry.state !== "waiting") return null;
      var abort = window.AbortController ? new AbortController() : null;
      var stop = abort && setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS);
      return fetch(entry.url, {
        method: "POST", body: entry.body, credentials: "same-origin", redirect: "manual",
        cache: "no-store", signal: abort ? abort.signal : undefined,
        headers: {"Content-Type": "application/x-www-form-urlencoded"}
      }).then(function (response) {
        clearTimeout(stop);
        if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
          keep(game, null);  // saved: the server answers a saved hand with 303
          write(FLASH, {game: game, text: entry.label + " saved: it was kept on this phone " +
            "while the server could not be reached."}, "sessionStorage");
          done(entry);
          return null;
        }
        if (response.status >= 500 || response.status === 429) throw new Error("retry");
        return refusal(response).then(function (why) {
          entry.notice = why;
          return response.status === 409 ? check(game, entry) : {saved: false};
        }).then(function (found) {
          if (found.saved) {  // the first try went through; only its answer was lost
            keep(game, null);
            write(FLASH, {game: game, text: entry.label + " saved (its first try got through " +
              "before the connection dropped)."}, "sessionStorage");
            return done(entry);
          } else {
            entry.state = "refused";
            if (found.text) entry.text = found.text;
            if (found.now) entry.now = found.now;
            keep(game, entry);
          }
          location.reload();  // the game as it is now, with the kept hand beside it if refused
        });
      }).catch(function () {
        clearTimeout(stop);
        scheduleSend(RETRY_MS);  // still no server: try again in a moment
        renderKept();
      });
    });
  }

  function discard(game) {
    var entry = kept(game);
    if (!entry) return;
    if (!window.confirm("Discard " + entry.label.toLowerCase() + "? It was never saved.")) return;
    keep(game, null);
    renderKept();
    var form = document.getElementById("hand-form");
    if (form) form.inert = false;
  }

  // The hand form on the page (for the hand to come, or the edit of an earlier hand), drawn by
  // the server (the preview answer) from `body` (a form's fields, as a query string) with the
  // version, CSRF token and hand index of the form on the page, unless `ownVersion` (the body's
  // version stands: calls taken offline on this very form). Resolves with the new form, in place; rejects with {conflict: the server's words}
  // when the game moved on from that version, else with the error.
  function refill(body, ownVersion) {
    var form = document.getElementById("hand-form");
    if (!form) return Promise.reject(new Error("no form"));
    var values = new URLSearchParams(body);
    var now = new FormData(form);
    (ownVersion ? ["csrf_token", "index"] : ["version", "csrf_token", "index"]).forEach(
      function (k) { values.set(k, now.get(k) || ""); });
    return fetch(form.getAttribute("hx-post"), {
      method: "POST", body: values, credentials: "same-origin", cache: "no-store",
      headers: {"HX-Request": "true", "HX-Target": "hand-form",
                "X-CSRFToken": now.get("csrf_token") || ""}
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      var whole = response.headers.get("HX-Retarget") === "#game-body";  // views._stale
      return response.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (whole) throw {conflict: text(doc.querySelector(".alert.warn")) || "The game moved on."};
        var fresh = doc.getElementById("hand-form");
        if (!fresh) throw new Error("no form");
        var current = document.getElementById("hand-form");
        if (!current) throw new Error("no form");
        current.replaceWith(fresh);
        if (window.htmx) window.htmx.process(fresh);
        return fresh;
      });
    });
  }

  // The form the kept hand goes back into: the new hand's, or the edit form of the hand it
  // changes; null when the page has no such form.
  function formFor(entry) {
    var form = document.getElementById("hand-form");
    var index = form && form.elements.index ? form.elements.index.value : null;
    if (index === null) return null;
    return index === (entry.index === null || entry.index === undefined ? "" : String(entry.index))
      ? form : null;
  }

  // "Put it in the form": the kept values, drawn by the server as the form they belong to, with
  // today's version; the scorer checks them and saves, or not.
  function restore(game) {
    var entry = kept(game);
    if (!entry || !formFor(entry)) return;
    refill(entry.body).then(function (fresh) {
      keep(game, null);
      renderKept();
      // in the form now: hand-keeper.js keeps it as the hand (or change) in progress
      document.dispatchEvent(new CustomEvent("sk:restored"));
      fresh.scrollIntoView({block: "start"});
      var heading = fresh.querySelector("h2");
      if (heading) { heading.tabIndex = -1; heading.focus({preventScroll: true}); }
    }).catch(function () {
      var node = slot("kept");
      var p = node && node.querySelector(".kept-error");
      if (p) p.textContent = "That did not work: is the server reachable? Try again.";
    });
  }

  function renderKept(override) {
    var node = GAME ? slot("kept") : null;
    if (!node) return;
    var entry = override || kept(GAME);
    var form = document.getElementById("hand-form");
    node.textContent = "";
    node.className = "";
    node.removeAttribute("role");
    if (form) form.inert = !!(entry && entry.state === "waiting");
    var flash = read(FLASH, "sessionStorage");
    if (flash && flash.game === GAME) {
      write(FLASH, null, "sessionStorage");
      node.className = "alert ok kept";
      node.setAttribute("role", "status");
      node.appendChild(el("p", {text: flash.text}));
      return;
    }
    if (!entry) return;
    if (entry.state === "unkept") {
      node.className = "alert error kept";
      node.appendChild(el("p", {text: entry.label + " was not saved: the server cannot be " +
        "reached, and this phone could not keep it. Save it again when the server is back."}));
      return;
    }
    if (entry.state === "waiting") {
      node.className = "alert warn kept";
      node.appendChild(el("p", {}, [el("strong", {text: entry.label + " is kept on this phone."}),
        document.createTextNode(" The server cannot be reached; it is saved as soon as the " +
          "server is back. Keep this page open.")]));
      if (entry.preview) node.appendChild(el("p", {"class": "kept-preview", text: entry.preview}));
      node.appendChild(el("div", {"class": "kept-actions"}, [
        el("button", {type: "button", "class": "button small", "data-kept": "send",
                      text: "Try now"}),
        el("button", {type: "button", "class": "button small", "data-kept": "discard",
                      text: "Discard it"})]));
      return;
    }
    node.className = "alert error kept";
    node.setAttribute("role", "alert");
    if (entry.index !== null && entry.index !== undefined) {
      renderChange(node, entry);
      return;
    }
    node.appendChild(el("p", {}, [el("strong", {text: entry.label + " was not saved."}),
      document.createTextNode(" It was kept on this phone while the server could not be " +
        "reached, and meanwhile the game moved on: " + (entry.notice || "") + " Check the " +
        "hands below: if it is not there, put it back in the form and save it again.")]));
    node.appendChild(el("p", {"class": "kept-what", text: "What was kept:"}));
    node.appendChild(el("div", {"class": "kept-preview"}, [
      el("p", {"class": "kept-text", text: entry.text || entry.preview || entry.label})]));
    node.appendChild(el("p", {"class": "kept-error"}));
    node.appendChild(el("div", {"class": "kept-actions"}, [
      formFor(entry) ? el("button", {type: "button", "class": "button small primary",
        "data-kept": "restore", text: "Put it in the form"}) : null,
      el("button", {type: "button", "class": "button small", "data-kept": "discard",
                    text: "Discard it"})]));
  }

  // A change to an earlier hand that the hand itself moved on from (another phone changed it,
  // or took it back): both are shown, the hand as saved now and the change kept here, and the
  // scorer picks; neither is written over until they do.
  function renderChange(node, entry) {
    node.appendChild(el("p", {}, [el("strong", {text: entry.label + " is not saved."}),
      document.createTextNode(" " + (entry.notice || "The game moved on meanwhile.") +
        " Nothing is changed until you pick which one stands.")]));
    node.appendChild(el("dl", {"class": "kept-choice"}, [
      el("dt", {text: "Saved now"}),
      el("dd", {"class": "kept-now", text: entry.now || "As the form below shows."}),
      el("dt", {text: "Kept on this phone"}),
      el("dd", {"class": "kept-text", text: entry.text || entry.preview || entry.label})]));
    node.appendChild(el("p", {"class": "kept-error"}));
    node.appendChild(el("div", {"class": "kept-actions"}, [
      formFor(entry)
        ? el("button", {type: "button", "class": "button small primary", "data-kept": "restore",
                        text: "Put mine in the form"})
        : el("a", {"class": "button small primary", href: entry.url + "/edit",
                   text: "Open hand " + (entry.index + 1)}),
      el("button", {type: "button", "class": "button small", "data-kept": "discard",
                    text: "Keep the saved one"})]));
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-kept]");
    if (!button || !GAME) return;
    var what = button.getAttribute("data-kept");
    if (what === "send") scheduleSend(0);
    else if (what === "discard") discard(GAME);
    else if (what === "restore") restore(GAME);
  });
  window.addEventListener("online", function () { scheduleSend(0); });

  // What hand-keeper.js uses: refill, check, editKey, label, `has` (a hand is kept for the game: it
  // is settled first), and `refused` to keep a hand it took on this phone that the game then
  // moved on from, shown like a kept hand refused (put it back, or discard it).
  window.SKKept = Object.freeze({
    refill: refill,
    check: check,
    editKey: editKey,
    label: labelOf,
    has: function (game) { return !!kept(game); },
    refused: function (game, entry) {
      keep(game, Object.assign({state: "refused", index: null, at: new Date().toISOString()},
                               entry));
      renderKept();
    }
  });
  // A save swaps the game body: the new form is free unless a hand still waits.
  document.addEventListener("htmx:afterSettle", function () {
    var form = document.getElementById("hand-form");
    var entry = GAME && kept(GAME);
    if (form) form.inert = !!(entry && entry.state === "waiting");
  });

  // Elsewhere (the home page, say): a word about each hand still kept, with the way back to its
  // game, where it is sent or settled.
  function keptElsewhere() {
    var s = store("localStorage");
    if (!s) return;
    var games = [];
    for (var i = 0; i < s.length; i++) {
      var m = (s.key(i) || "").match(/^sk:kept:(\d+)$/);
      if (m) games.push(m[1]);
    }
    if (!games.length) return;
    var node = slot("kept");
    if (!node) return;
    node.className = "alert warn kept";
    games.forEach(function (game) {
      var entry = kept(game);
      if (!entry) return;
      node.appendChild(el("p", {}, [
        document.createTextNode("Kept on this phone, not saved yet: " + entry.label + ". "),
        el("a", {href: entry.url.replace(/\/hands(?:\/\d+)?$/, ""), text: "Open its game"})]));
    });
  }

  function start() {
    if (!GAME) keptElsewhere();
    if (GAME) {
      renderKept();
      var entry = kept(GAME);
      if (entry && entry.state === "waiting") scheduleSend(0);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
