// The hands kept on this phone (loaded after pwa.js, whose helpers it uses as window.SK, on the
// pages of a game this phone scores: partials/games/_kept_scripts.html; elsewhere pwa.js says
// which hands wait): a hand whose save could not reach the server is kept (localStorage, a queue per
// game, in the order they were saved) and the form is ready for the next hand at once
// (hand-keeper.js draws it, on the "sk:kept" event); any number of hands wait so, each listed
// as "kept on this phone, checked when the server is back". Once the server answers they are
// sent in order, each as the plain form post it was, with the version it was made on: the
// first at the version its form was drawn at, each next one at the version the one before
// makes (a save moves the version by one), so a hand saved by another phone meanwhile makes
// the next one stale, never merged. A save answers 303; a stale one 409 (and the phone asks
// whether it was its own first try that went through: then it is not sent again); a hand the
// engine refuses 422. The first one refused stops the queue: refused by the engine, it comes
// back to the form with the reason; refused as stale, it is shown beside the game as it is
// now, to put back in the form or discard; the ones after it stay kept and listed ("held")
// until their turn comes again (the form is then at their number and version). Nothing is
// dropped without the scorer saying so, nothing saved twice.
//
// An entry: {url, body, version, index (null: a new hand), number, label, preview, state, at}
// with state "waiting" (to send), "refused" (stale: the scorer picks), "in-form" (refused by
// the engine: back in the form) or "held" (behind one of those).
(function () {
  "use strict";

  var SK = window.SK;
  if (!SK) return;
  var GAME = SK.GAME, RETRY_MS = SK.RETRY_MS;
  var read = SK.read, write = SK.write, text = SK.text, el = SK.el,
      slot = SK.slot, refusal = SK.refusal;
  var SAVE_PATH = /\/games\/(\d+)\/hands(?:\/(\d+))?$/;  // enter (POST .../hands) or edit (.../hands/<n>)
  var SEND_TIMEOUT_MS = 15000;

  var KEPT = "sk:kept:";
  var FLASH = "sk:kept-flash";
  var IN_PROGRESS = "sk:hand:";  // hand-keeper.js's hand in progress, per game
  // a hand begun after the kept ones when one of them came back to the form: it waits there
  // until they are all saved (hand-keeper.js puts it back then)
  var LATER = "sk:hand-later:";

  // The sentences, in the page's language (partials/games/_kept_scripts.html: data-texts on
  // this script's tag); say(key, {name: value}) fills in each {name}.
  var TEXTS = JSON.parse(document.currentScript.dataset.texts);
  function fill(sentence, values) {
    return sentence.replace(/\{(\w+)\}/g, function (all, name) { return String(values[name]); });
  }
  function say(key, values) { return fill(TEXTS[key], values || {}); }

  function queue(game) {
    var kept = read(KEPT + game);
    if (!kept) return [];
    return Array.isArray(kept) ? kept : [kept];  // one entry, as a phone kept it before
  }
  function keepQueue(game, entries) {
    return write(KEPT + game, entries.length ? entries : null);
  }
  function kept(game) { return queue(game)[0] || null; }  // the head: the one sent next
  function waiting(game) {
    return queue(game).some(function (entry) { return entry.state === "waiting"; });
  }
  // Where hand-keeper.js keeps the unsaved change to hand `index` typed in its edit form: a
  // change kept here as a save, or saved, is no longer "in progress" there.
  function editKey(game, index) { return "sk:edit:" + game + ":" + index; }
  // How a hand kept from `form` is named: its heading ("Hand 4"), or for the edit form of an
  // earlier hand, "The change to hand 3".
  function labelOf(form) {
    var index = form.elements.index ? form.elements.index.value : "";
    if (index !== "") return say("change_label", {number: Number(index) + 1});
    return text(form.querySelector(".form-head h2")) || say("the_hand");
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

  // What a kept hand holds, in a few words, as the form shows it: the server's preview when
  // the form was drawn for it, else (taken on the phone) the calls and the choices picked.
  function summary(form, drawn) {
    var preview = drawn && !form.hasAttribute("data-on-phone")
      ? text(form.querySelector("#preview")) : "";
    if (preview) return preview;
    var parts = [];
    var calls = Array.prototype.map.call(form.querySelectorAll("ol.calls li"), function (li) {
      return text(li.querySelector("span")) + " " + text(li.querySelector("b"));
    });
    if (calls.length) parts.push(calls.join(", "));
    Array.prototype.forEach.call(form.querySelectorAll("input"), function (input) {
      if (input.disabled || input.closest("[hidden]")) return;
      if ((input.type === "radio" || input.type === "checkbox") && input.checked && input.value) {
        var label = input.closest("label");
        var row = input.closest(".count-row");
        var who = row ? text(row.querySelector(".count-label, .label, legend")) : "";
        parts.push((who ? who + " " : "") + text(label && (label.querySelector("span") || label)));
      } else if (input.getAttribute("inputmode") === "numeric" && input.value) {
        var named = form.querySelector("label[for='" + input.id + "']");
        parts.push((named ? text(named) + " " : "") + input.value);
      }
    });
    return parts.join(" · ");
  }

  // The hand in `form` kept as the next of the queue (entered: the form's fields as a query
  // string, its save id in it). A new hand's form is then drawn for the hand after it
  // (hand-keeper.js), at once: its number, and the version this one's save will make.
  function keepFromForm(game, form, url, index, drawn) {
    var entries = queue(game);
    var version = (form.elements.version || {}).value;
    var body = new URLSearchParams(new FormData(form));
    var last = entries[entries.length - 1];
    if (index !== null && last && Number(version) <= Number(last.version)) {
      // a change typed while hands wait: it follows them, at the version they will make
      version = String(Number(last.version) + 1);
      body.set("version", version);
    }
    var hands = Number(form.getAttribute("data-number"));
    if (!form.hasAttribute("data-number") || isNaN(hands)) {
      hands = document.querySelectorAll("#hands li.hand-row, #score-grid tbody.hand-rows").length;
    }
    var entry = {
      url: url,
      body: body.toString(),
      version: version,
      index: index,
      number: index === null ? hands : index,
      label: labelOf(form),
      preview: summary(form, drawn),
      state: "waiting",
      at: new Date().toISOString()
    };
    // the same hand kept again (a double tap, or the hand back in the form saved once more):
    // in its place
    var at = -1;
    entries.forEach(function (e, i) {
      if (e.index === entry.index && e.number === entry.number &&
          (e.state === "in-form" || (e.state === "waiting" && e.version === version))) at = i;
    });
    if (at >= 0) {
      entries[at] = entry;
      entries.forEach(function (e) { if (e.state === "held") e.state = "waiting"; });
    } else {
      var stopped = entries.some(function (e) { return e.state !== "waiting"; });
      if (stopped) entry.state = "held";
      entries.push(entry);
    }
    if (!keepQueue(game, entries)) {
      renderKept({label: entry.label, state: "unkept"});
      return null;
    }
    if (index !== null) write(editKey(game, index), null);  // kept here now, as a save
    else {
      write(IN_PROGRESS + game, null);  // the form holds the next hand now
      document.dispatchEvent(new CustomEvent("sk:kept", {detail: {
        number: entry.number + 1, version: String(Number(version) + 1)}}));
    }
    renderKept();
    scheduleSend(0);
    return entry;
  }

  // What the hand in `form` still lacks, as the server said when it drew the form (data-needs:
  // [field names any of which would do, the words for it], hand_form.missing_fields): with the
  // server away such a hand is refused here, on the spot, not kept to be refused once it is
  // back, holding up the hands after it. Returns the words, or null.
  function stillNeeded(form) {
    var needs;
    try { needs = JSON.parse(form.getAttribute("data-needs") || "[]"); } catch (e) { needs = []; }
    var values = new FormData(form);
    for (var i = 0; i < needs.length; i++) {
      var filled = needs[i][0].split(" ").some(function (name) { return !!values.get(name); });
      if (!filled) return {fields: needs[i][0].split(" "), words: needs[i][1]};
    }
    return null;
  }
  function refusedHere(form) {
    var need = stillNeeded(form);
    if (!need) return false;
    var row = form.querySelector("#save-row");
    var why = form.querySelector("#save-why");
    if (!why && row) row.insertBefore(why = el("p", {id: "save-why", "class": "save-why"}),
                                      row.firstChild);
    if (why) {
      why.textContent = say("not_kept", {why: need.words});
      why.classList.add("refused-here");
      why.setAttribute("role", "alert");
    }
    var first = form.querySelector("[name='" + need.fields[0] + "']:not([disabled])");
    if (first) {
      first.focus({preventScroll: true});
      (first.closest(".choices, .count-row, fieldset") || first).scrollIntoView({block: "nearest"});
    }
    return true;
  }

  // A save that did not get through, or that a server in trouble answered (a proxy's 502 while
  // the app restarts, a 503, too many requests): kept on the phone, as the queue's own sends
  // are, and tried again.
  function keepUnsaved(event) {
    var cfg = event.detail.requestConfig || {};
    var path = (cfg.path || "").split("?")[0];
    var match = cfg.verb === "post" && new URL(path, location.href).pathname.match(SAVE_PATH);
    if (!match) return;
    var form = event.detail.elt.closest("form") || document.getElementById("hand-form");
    if (!form || refusedHere(form)) return;
    keepFromForm(match[1], form, new URL(path, location.href).pathname,
                 match[2] === undefined ? null : Number(match[2]), true);
  }
  document.addEventListener("htmx:sendError", keepUnsaved);
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : 0;
    if (status >= 500 || status === 429) keepUnsaved(event);
  });

  // Fields that say nothing about the hand itself: the form's bookkeeping, the modes, and the
  // choices drawn preselected (hand_form.PRESET_FIELDS). A form with nothing else filled is
  // empty.
  var NOT_THE_HAND = ["csrf_token", "version", "index", "number", "save_id", "mode",
                      "points_mode", "contract", "trump", "doubles_rule", "doubles_held", "played"];
  // Whether a form's fields (URLSearchParams) hold anything entered.
  function entered(values) {
    var any = false;
    values.forEach(function (value, name) {
      if (value && NOT_THE_HAND.indexOf(name) < 0) any = true;
    });
    return any;
  }
  function formEntered(form) { return entered(new URLSearchParams(new FormData(form))); }

  // Whether the hand form is the phone's: hands wait to be sent, or the form was drawn here
  // for the hand after kept ones (the server has not seen them: it would find it stale).
  function onPhone(game) {
    var form = document.getElementById("hand-form");
    return waiting(game) || !!(form && form.hasAttribute("data-kept-next"));
  }

  // While the form is the phone's, it asks nothing of the server: a call is taken on the
  // phone (hand-keeper.js), a choice stays as picked, and Save keeps the hand next in line.
  document.addEventListener("htmx:confirm", function (event) {
    if (!GAME || !onPhone(GAME)) return;
    var elt = event.detail.elt;
    if (!elt || !elt.closest || !elt.closest("#hand-form, #hands form")) return;
    event.preventDefault();
    var form = document.getElementById("hand-form");
    if (elt.id === "save-hand" && form && !form.inert) {
      var index = form.elements.index.value;
      if ((index !== "" || formEntered(form)) && !refusedHere(form)) {  // a new hand, or a change
        var field = form.querySelector("input[name=save_id]");
        if (!field) form.appendChild(field = el("input", {type: "hidden", name: "save_id"}));
        if (window.crypto) field.value = newSaveId();
        keepFromForm(GAME, form, new URL(form.getAttribute("action"), location.href).pathname,
                     index === "" ? null : Number(index), false);
      }
      return;
    }
    scheduleSend(0);
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

  // The CSRF token a kept hand is sent with: the page's, not the one in its body, which belongs
  // to the session the hand was typed in. A browser closed and opened again starts another
  // session (the phone's own cookie still makes it the scorer), and a page that came back from
  // the phone's copy carries the copy's token: once refused so (400), the game page is asked
  // for the token of the session as it is now, and the hand sent again.
  var token = null;
  function tokenOf(doc) {
    try {
      return JSON.parse(doc.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) { return ""; }
  }
  function withToken(entry) {
    var body = new URLSearchParams(entry.body);
    var now = token || tokenOf(document);
    if (now) body.set("csrf_token", now);
    return body;
  }
  function renewToken(entry) {
    return fetch(entry.url.replace(/\/hands(?:\/\d+)?$/, ""), {
      credentials: "same-origin", cache: "no-store"
    }).then(function (response) {
      if (!response.ok) throw new Error("retry");
      return response.text();
    }).then(function (html) {
      token = tokenOf(new DOMParser().parseFromString(html, "text/html")) || null;
    });
  }

  // A resend refused as stale: the server says whether the hand it carries is the one this
  // phone's first try saved (its answer lost on the way back), and how the hand list words it.
  function check(game, entry) {
    var body = withToken(entry);
    body.set("number", String(entry.number));
    return fetch(entry.url.replace(/\/hands(?:\/\d+)?$/, "/hands/kept"), {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"X-CSRFToken": body.get("csrf_token") || ""}
    }).then(function (response) {
      return response.ok ? response.json() : {saved: false};
    }).catch(function () { return {saved: false}; });
  }

  // Where no service worker runs (a plain http://192.168.… address), a game page left while
  // hands wait comes back only with the server: until then the browser shows its own error.
  // The hands stay kept, but the form is gone, so the browser asks first ("Leave site?").
  // Leaving on purpose (done(), the hands sent) asks nothing.
  var leaving = false;
  window.addEventListener("beforeunload", function (event) {
    if (leaving || !GAME || !waiting(GAME) ||
        (navigator.serviceWorker && navigator.serviceWorker.controller)) return;
    event.preventDefault();
    event.returnValue = "";  // what older browsers look at
  });

  // All sent, or the queue stopped: show the game as it now is, saying what was saved. An
  // edit was made on the edit page: its save ends on the game page, as the server's 303 would
  // have.
  function done(game, saved, stopped) {
    if (saved.length === 1 && saved[0].lost) {
      write(FLASH, {game: game, text: say("saved_lost", {label: saved[0].label})},
            "sessionStorage");
    } else if (saved.length) {
      var labels = saved.map(function (e, i) {  // "Hand 2 and the change to hand 1"
        return i && (e.index !== null || e.label === say("the_hand"))
          ? e.label.charAt(0).toLowerCase() + e.label.slice(1) : e.label;
      });
      var last = labels.pop();
      var what = labels.length ? say("list_and", {first: labels.join(", "), last: last}) : last;
      write(FLASH, {game: game, text: say(saved.length > 1 ? "saved_many" : "saved_one",
        {what: what}) + (saved.some(function (e) { return e.lost; }) ? " " + say("lost_too")
        : "")}, "sessionStorage");
    }
    var edit = !stopped && saved.length ? saved[saved.length - 1] : null;
    var page = edit && edit.index !== null ? edit.url.replace(/\/hands\/\d+$/, "") : null;
    leaving = true;
    if (page && location.pathname !== page) location.assign(page);
    else location.reload();
  }

  // The head of the queue refused: it stops there, and the ones after it wait their turn.
  function stop(game, entries, state) {
    entries[0].state = state;
    entries.slice(1).forEach(function (e) { e.state = "held"; });
    if (state === "in-form" && entries[0].index === null) {
      // back in the form (hand-keeper.js puts the hand in progress back), with the reason; a
      // later hand begun on the form drawn here is set aside until the kept ones are saved
      var begun = read(IN_PROGRESS + game);
      if (begun && begun.number !== String(entries[0].number)) write(LATER + game, begun);
      write(IN_PROGRESS + game, {number: String(entries[0].number), body: entries[0].body});
    }
    keepQueue(game, entries);
  }

  // One send at a time on this page (navigator.locks, for the phone's other tabs, needs a
  // secure context, which a LAN address over http is not).
  var sending = false;

  function sendKept(game) {
    if (sending) return null;
    sending = true;
    return Promise.resolve(withLock("sk-kept-" + game, function () {
      var saved = [];
      var renewed = false;  // the CSRF token asked for again, once a run
      function next() {
        var entries = queue(game);
        var entry = entries[0];
        if (!entry || entry.state !== "waiting") {
          if (saved.length) done(game, saved, !!entry);
          return null;
        }
        var abort = window.AbortController ? new AbortController() : null;
        var stopTimer = abort && setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS);
        return fetch(entry.url, {
          method: "POST", body: withToken(entry).toString(), credentials: "same-origin",
          redirect: "manual",
          cache: "no-store", signal: abort ? abort.signal : undefined,
          headers: {"Content-Type": "application/x-www-form-urlencoded"}
        }).then(function (response) {
          clearTimeout(stopTimer);
          if (response.type === "opaqueredirect" ||
              (response.status >= 300 && response.status < 400)) {
            return true;  // saved: the server answers a saved hand with 303
          }
          if (response.status >= 500 || response.status === 429) throw new Error("retry");
          if (response.status === 400 && !renewed) {  // a token of another session
            renewed = true;
            return renewToken(entry).then(function () { return "again"; });
          }
          return refusal(response).then(function (why) {
            entry.notice = why;
            return response.status === 409 ? check(game, entry) : {saved: false};
          }).then(function (found) {
            if (found.saved) {  // the first try went through; only its answer was lost
              entry.lost = true;
              return true;
            }
            if (found.text) entry.text = found.text;
            if (found.now) entry.now = found.now;
            entries[0] = entry;
            stop(game, entries, response.status === 422 && entry.index === null
              ? "in-form" : "refused");
            done(game, saved, true);  // the game as it is now, the refused hand beside it
            return false;
          });
        }, function () {
          clearTimeout(stopTimer);
          throw new Error("retry");
        }).then(function (sent) {
          if (sent === "again") return next();
          if (!sent) return null;
          var left = queue(game);  // this one is saved: it is never sent again
          keepQueue(game, left.filter(function (e) {
            return !(e.at === entry.at && e.body === entry.body);
          }));
          if (entry.index !== null) write(editKey(game, entry.index), null);
          saved.push(entry);
          return next();
        });
      }
      return next().catch(function () {
        scheduleSend(RETRY_MS);  // still no server: try again in a moment
        if (saved.length) done(game, saved, true);
        else renderKept();
      });
    })).then(function () { sending = false; }, function () { sending = false; });
  }

  // Discard a kept hand, never saved. While they wait, the last one kept (the form is drawn
  // for the hand after it: it is renumbered back, what it holds kept); once the queue has
  // stopped, the one it stopped at (the ones after it stay kept, held until their turn
  // comes, or the scorer settles each).
  function discard(game) {
    var entries = queue(game);
    var head = entries[0];
    if (!head) return;
    var last = head.state === "waiting" ? entries[entries.length - 1] : head;
    if (!window.confirm(say("discard_confirm", {label: last.label.toLowerCase()}))) return;
    entries.splice(entries.indexOf(last), 1);
    if (last.state === "in-form") write(IN_PROGRESS + game, null);
    keepQueue(game, entries);
    var form = document.getElementById("hand-form");
    if (last.state === "waiting" && last.index === null && form &&
        form.getAttribute("data-number") === String(last.number + 1)) {
      document.dispatchEvent(new CustomEvent("sk:kept", {detail: {
        number: last.number, version: last.version, keep: true}}));
    }
    renderKept();
    turn(game);
  }

  // A held hand's turn: the form on the page is for its very number and version (the one
  // before it was saved from the form): it is sent.
  function turn(game) {
    var entries = queue(game);
    var entry = entries[0];
    var form = document.getElementById("hand-form");
    if (!entry || entry.state !== "held" || !form || entry.index !== null) return;
    if (form.elements.index.value !== "" || form.getAttribute("data-number") !==
        String(entry.number) || form.elements.version.value !== entry.version ||
        form.hasAttribute("data-kept-next") || formEntered(form)) return;
    entries.forEach(function (e) { if (e.state === "held") e.state = "waiting"; });
    keepQueue(game, entries);
    scheduleSend(0);
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
    var live = document.getElementById("live");
    if (!ownVersion && form.hasAttribute("data-kept-next") && live) {
      // a form this phone drew after hands it kept: the game as the server last said it is
      values.set("version", live.getAttribute("data-version") || "");
    }
    return fetch(form.getAttribute("hx-post"), {
      method: "POST", body: values, credentials: "same-origin", cache: "no-store",
      headers: {"HX-Request": "true", "HX-Target": "hand-form",
                "X-CSRFToken": now.get("csrf_token") || ""}
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      var whole = response.headers.get("HX-Retarget") === "#game-body";  // views._stale
      return response.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (whole) {
          throw {conflict: text(doc.querySelector(".alert.warn:not(.hand-not-saved), " +
                                                  ".stale-notice")) ||
                 say("moved_on")};
        }
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
      keepQueue(game, queue(game).slice(1));  // in the form now; the ones after wait their turn
      renderKept();
      // in the form now: hand-keeper.js keeps it as the hand (or change) in progress
      document.dispatchEvent(new CustomEvent("sk:restored"));
      fresh.scrollIntoView({block: "start"});
      var heading = fresh.querySelector("h2");
      if (heading) { heading.tabIndex = -1; heading.focus({preventScroll: true}); }
    }).catch(function () {
      var node = slot("kept");
      var p = node && node.querySelector(".kept-error");
      if (p) p.textContent = say("retry");
    });
  }

  // How each kept hand stands, in the list and on the sheet.
  var STATE_WORDS = {
    waiting: say("state_waiting"),
    held: say("state_held"),
    "in-form": say("state_in_form"),
    refused: say("state_refused")
  };

  // The edit form of a change kept and waiting asks nothing more: it is saved as kept.
  function settleForm(entries) {
    var form = document.getElementById("hand-form");
    if (!form || !form.elements.index) return;
    var index = form.elements.index.value;
    form.inert = index !== "" && entries.some(function (e) {
      return e.state === "waiting" && String(e.index) === index;
    });
  }

  function renderKept(override) {
    var node = GAME ? slot("kept") : null;
    if (!node) return;
    var entries = override ? [override] : queue(GAME);
    var entry = entries[0];
    node.textContent = "";
    node.className = "";
    node.removeAttribute("role");
    settleForm(entries);
    renderRows(override ? [] : entries);
    var flash = read(FLASH, "sessionStorage");
    if (flash && flash.game === GAME) {
      write(FLASH, null, "sessionStorage");
      node.className = "alert ok kept";
      node.setAttribute("role", "status");
      node.appendChild(el("p", {text: flash.text}));
      if (!entry) return;
    }
    if (!entry) return;
    if (entry.state === "unkept") {
      node.className = "alert error kept";
      node.appendChild(el("p", {text: say("unkept", {label: entry.label})}));
      return;
    }
    if (entry.state === "refused") {
      node.className = "alert error kept";
      node.setAttribute("role", "alert");
      if (entry.index !== null && entry.index !== undefined) renderChange(node, entry);
      else renderRefused(node, entry);
      if (entries.length > 1) renderList(node, entries.slice(1));
      return;
    }
    node.className = "alert warn kept";
    var count = entries.length;
    if (entry.state === "in-form") {
      node.className = "alert error kept";
      node.setAttribute("role", "alert");
      node.appendChild(el("p", {}, [
        el("strong", {text: say("not_saved_because", {label: entry.label})}),
        document.createTextNode((entry.notice || say("server_refused")) + " " +
          say("back_in_form") + (count > 1 ? " " + say("after_it_kept") : ""))]));
      if (count > 1) renderList(node, entries.slice(1));
      node.appendChild(el("div", {"class": "kept-actions"}, [
        el("button", {type: "button", "class": "button small", "data-kept": "discard",
                      text: say("discard_label", {label: entry.label.toLowerCase()})})]));
      return;
    }
    var sending = entry.state === "waiting";
    node.appendChild(el("p", {}, [
      el("strong", {text: count === 1 ? say("kept_one", {label: entry.label})
        : say("kept_many", {count: count})}),
      document.createTextNode(" " + (sending ? say(count === 1 ? "sending_one" : "sending_many")
        : say("waits", {label: entry.label})))]));
    renderList(node, entries);
    node.appendChild(el("p", {"class": "kept-error"}));
    node.appendChild(el("div", {"class": "kept-actions"}, [
      sending ? el("button", {type: "button", "class": "button small", "data-kept": "send",
                              text: say("try_now")}) : null,
      !sending && formFor(entry) ? el("button", {type: "button", "class": "button small primary",
        "data-kept": "restore", text: say("put_label_in_form",
                                          {label: entry.label.toLowerCase()})}) : null,
      el("button", {type: "button", "class": "button small", "data-kept": "discard",
                    text: count === 1 ? say("discard_it") : say("discard_label", {label: (sending
                      ? entries[count - 1] : entry).label.toLowerCase()})})]));
  }

  function renderList(node, entries) {
    node.appendChild(el("ol", {"class": "kept-list"}, entries.map(function (e) {
      return el("li", {"class": "kept-" + e.state}, [
        el("strong", {text: e.label}), document.createTextNode(" "),
        el("span", {text: e.text || e.preview || ""}),
        e.state === "waiting" ? null : el("small", {"class": "checked-later",
                                                     text: STATE_WORDS[e.state] || ""})]);
    })));
  }

  // The new hands kept, each as a row of the sheet (or the list) after the hands saved, until
  // the server has them.
  function renderRows(entries) {
    projectKept(entries);
    Array.prototype.forEach.call(document.querySelectorAll(".kept-row"), function (row) {
      row.remove();
    });
    var rows = entries.filter(function (e) {
      return e.index === null && (e.state === "waiting" || e.state === "held");
    });
    // who deals next, as the server last said: the form says it for the hand after the kept ones
    var dealsLine = document.querySelector("#scoreboard .turn");
    if (dealsLine) dealsLine.hidden = rows.length > 0;
    if (!rows.length) return;
    var grid = document.querySelector("#score-grid");
    var list = document.querySelector("#hands .hand-list");
    var hands = document.getElementById("hands");
    rows.forEach(function (e) {
      var words = [el("span", {"class": "kept-what", text: e.preview || ""}),
                   el("small", {"class": "checked-later", text: STATE_WORDS[e.state]})];
      if (grid) {
        var cols = document.querySelectorAll("#score-grid thead th").length || 2;
        // a row group of its own, as each saved hand's (partials/games/_score_grid.html)
        grid.insertBefore(el("tbody", {"class": "kept-rows"}, [el("tr", {"class": "kept-row"}, [
          el("th", {scope: "row", "class": "hand-col", text: String(e.number + 1)}),
          el("td", {colspan: String(cols - 1), "class": "kept-words"}, words)])]),
          grid.querySelector("tfoot"));
      } else if (list) {
        list.insertBefore(el("li", {"class": "kept-row"}, [el("strong", {text: e.label}),
          document.createTextNode(" ")].concat(words)), list.firstChild);
      } else if (hands) {
        hands.appendChild(el("p", {"class": "kept-row"}, [el("strong", {text: e.label}),
          document.createTextNode(" ")].concat(words)));
      }
    });
  }

  // What the kept hands will make, on the scoreboard, marked as not yet checked: the totals
  // the server last drew plus each kept hand's worth as the engine scored it for that bid and
  // outcome (#scoreboard's data-worth, entry.bid_worth). Said only while every kept hand is
  // one the table covers (just the bid, a straight hand, made or set).
  function projectKept(entries) {
    var board = document.getElementById("scoreboard");
    var line = document.getElementById("kept-projection");
    if (!board || !line) return;
    line.hidden = true;
    line.textContent = "";
    var totals = JSON.parse(board.getAttribute("data-totals") || "null");
    var worth = JSON.parse(board.getAttribute("data-worth") || "null");
    var hands = entries.filter(function (e) {
      return e.index === null && (e.state === "waiting" || e.state === "held");
    });
    if (!totals || !worth || !hands.length) return;
    for (var i = 0; i < hands.length; i++) {
      var v = new URLSearchParams(hands[i].body);
      if (v.get("passed") === "1") continue;
      var made = v.get("made");
      var bid = (worth[v.get("bidder") || ""] || {})[v.get("bid") || ""];
      if (!bid || (made !== "1" && made !== "0") || v.get("points") ||
          (v.get("contract") && v.get("contract") !== "straight")) return;
      bid[made === "1" ? 0 : 1].forEach(function (d, side) { totals[side] += d; });
    }
    var names = Array.prototype.map.call(board.querySelectorAll(".side-name"), function (n) {
      var badge = n.querySelector(".badge");  // "Leads", "Winner": not the side's name
      return text(n).slice(badge ? text(badge).length : 0).trim();
    });
    line.appendChild(el("strong", {text: say("with_kept")}));
    line.appendChild(document.createTextNode(totals.map(function (t, side) {
      return (names[side] || say("side", {number: side + 1})) + " " + t;
    }).join(", ") + " "));
    line.appendChild(el("small", {"class": "checked-later", text: say("not_checked")}));
    line.hidden = false;
  }

  // A new hand kept while the server was away, refused as stale: the game moved on meanwhile.
  function renderRefused(node, entry) {
    node.appendChild(el("p", {}, [el("strong", {text: say("refused_title", {label: entry.label})}),
      document.createTextNode(" " + say("refused_why", {notice: entry.notice || ""}))]));
    node.appendChild(el("p", {"class": "kept-what", text: say("what_was_kept")}));
    node.appendChild(el("div", {"class": "kept-preview"}, [
      el("p", {"class": "kept-text", text: entry.text || entry.preview || entry.label})]));
    node.appendChild(el("p", {"class": "kept-error"}));
    node.appendChild(el("div", {"class": "kept-actions"}, [
      formFor(entry) ? el("button", {type: "button", "class": "button small primary",
        "data-kept": "restore", text: say("put_it_in_form")}) : null,
      el("button", {type: "button", "class": "button small", "data-kept": "discard",
                    text: say("discard_it")})]));
  }

  // A change to an earlier hand that the hand itself moved on from (another phone changed it,
  // or took it back): both are shown, the hand as saved now and the change kept here, and the
  // scorer picks; neither is written over until they do.
  function renderChange(node, entry) {
    node.appendChild(el("p", {}, [el("strong", {text: say("change_title", {label: entry.label})}),
      document.createTextNode(" " + (entry.notice || say("moved_on_meanwhile")) + " " +
        say("pick_one"))]));
    node.appendChild(el("dl", {"class": "kept-choice"}, [
      el("dt", {text: say("saved_now")}),
      el("dd", {"class": "kept-now", text: entry.now || say("as_the_form_shows")}),
      el("dt", {text: say("kept_here")}),
      el("dd", {"class": "kept-text", text: entry.text || entry.preview || entry.label})]));
    node.appendChild(el("p", {"class": "kept-error"}));
    node.appendChild(el("div", {"class": "kept-actions"}, [
      formFor(entry)
        ? el("button", {type: "button", "class": "button small primary", "data-kept": "restore",
                        text: say("put_mine_in_form")})
        : el("a", {"class": "button small primary", href: entry.url + "/edit",
                   text: say("open_hand", {number: entry.index + 1})}),
      el("button", {type: "button", "class": "button small", "data-kept": "discard",
                    text: say("keep_saved")})]));
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

  // What hand-keeper.js uses: fill (a sentence's values filled in), refill, check, editKey, label, entered, `has` (hands are kept for the
  // game: they are settled first), `inForm`, `onPhone` (the form asks nothing of the server), `after`,
  // and `refused` to keep a hand it took on this phone that the game then moved
  // on from, shown like a kept hand refused (put it back, or discard it), ahead of the rest.
  window.SKKept = Object.freeze({
    fill: fill,
    refill: refill,
    check: check,
    editKey: editKey,
    label: labelOf,
    entered: entered,
    has: function (game) { return queue(game).length > 0; },
    // the hand begun after kept ones, set aside while one of them was back in the form: taken
    // out (it is the hand in progress again) once none is kept; null while any is
    later: function (game) {
      if (queue(game).length) return null;
      var begun = read(LATER + game);
      if (begun) write(LATER + game, null);
      return begun;
    },
    // the new hand the engine refused, back in the form: {number, body}, or null
    inForm: function (game) {
      var head = kept(game);
      return head && head.state === "in-form" && head.index === null
        ? {number: String(head.number), body: head.body} : null;
    },
    onPhone: onPhone,
    // the new hand after the last one kept and waiting: {number, version}, or null
    after: function (game) {
      var hands = queue(game).filter(function (e) {
        return e.index === null && e.state === "waiting";
      });
      var last = hands[hands.length - 1];
      return last ? {number: last.number + 1, version: String(Number(last.version) + 1)} : null;
    },
    refused: function (game, entry) {
      var entries = queue(game);
      entries.unshift(Object.assign({index: null, at: new Date().toISOString()}, entry));
      stop(game, entries, "refused");
      renderKept();
    }
  });

  // The hand back in the form saved (the server's form is past its number): the ones after it
  // take their turn. Not the form this phone drew after its kept hands (data-kept-next): its
  // number says nothing of what the server has, and a poll answered between the refusal and
  // the reload would drop the refused hand, and its reason, from the queue.
  function afterForm() {
    var entries = queue(GAME);
    var form = document.getElementById("hand-form");
    var head = entries[0];
    if (head && head.state === "in-form" && form && form.elements.index.value === "" &&
        !form.hasAttribute("data-kept-next") &&
        Number(form.getAttribute("data-number")) > head.number) {
      entries.shift();
      keepQueue(GAME, entries);
    }
    turn(GAME);
  }

  // A save, or a poll, swaps the game body or the hands: the rows and the form as the queue
  // says.
  document.addEventListener("htmx:afterSettle", function () {
    if (!GAME) return;
    afterForm();
    var entries = queue(GAME);
    settleForm(entries);
    renderRows(entries);
  });

  function start() {
    if (!GAME) return;
    afterForm();
    renderKept();
    var entry = kept(GAME);
    if (entry && entry.state === "waiting") scheduleSend(0);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
