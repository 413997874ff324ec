// No hand is ever lost (loaded on every page after kept-hands.js, whose refill it uses; it acts
// only where there is a hand form):
// 1. The hand in progress is kept on this phone (localStorage, per game) as it is entered, and a
//    reload or pull-to-refresh puts it back in the form, until it is saved or cleared. So is a
//    change typed in the edit form of an earlier hand (per game and hand, with the version it
//    was typed on), unless the hand itself was changed on the server meanwhile: then both are
//    shown, the hand as saved now and the change kept here, and the scorer picks.
// 2. Call by call with the server away: a call tap that cannot reach the server is taken on the
//    phone, marked "checked when the server is back", and so are the next ones; once everyone
//    called (or the scorer says the auction is over) the rest of the hand, drawn hidden by the
//    server, is shown, and Save keeps the hand like any hand saved offline (kept-hands.js:
//    sent with the game's version, saved once). If the live poll gets through first, the
//    server draws the form from those calls, with the version the form was made on: a call it
//    refuses is shown in the form with the reason, and a game that moved on meanwhile keeps
//    the hand as a refused kept hand (kept-hands.js's conflict view). While hands kept on this
//    phone wait to be sent, every call is taken so (the form is the phone's).
// 2b. A hand kept on this phone: the form is drawn at once for the next hand (its number,
//    version and dealer), from the empty form the server drew last, so any number of hands
//    can be entered with the server away (kept-hands.js sends them in order).
// 3. A phone whose scoring ended (a take-over, a new scorer link: the poll's #scoring-ended
//    says so) puts the hand it had started in place of its form, in words, to read out or copy.
// 4. A form the game moved past (another phone saved a hand, the game ended) is redrawn at the
//    poll that says so, what it held shown in words.
(function () {
  "use strict";

  var SK = window.SK, KEPT = window.SKKept;
  if (!SK || !KEPT) return;
  var GAME = SK.GAME, read = SK.read, write = SK.write, text = SK.text, el = SK.el;
  var KEY = "sk:hand:" + GAME;
  // The sentences, in the page's language (partials/games/_kept_scripts.html: data-texts on
  // this script's tag), {name} filled in by kept-hands.js's fill.
  var TEXTS = JSON.parse(document.currentScript.dataset.texts);
  function say(key, values) { return KEPT.fill(TEXTS[key], values || {}); }
  function form() { return document.getElementById("hand-form"); }
  function newHandForm() {
    var f = form();
    return f && f.elements.index && f.elements.index.value === "" ? f : null;
  }
  function fields(f) {
    var values = new URLSearchParams(new FormData(f));
    values.delete("csrf_token");
    values.delete("save_id");
    return values;
  }

  // ------------------------------------------------------------------ 1. the hand in progress
  function remember() {
    var e = editForm();
    if (e) {
      if (GAME && !e.inert) rememberChange(e);
      return;
    }
    var f = newHandForm();
    if (!GAME || !f || f.inert) return;
    var values = fields(f);
    write(KEY, KEPT.entered(values) ? {number: f.getAttribute("data-number"),
                                  body: values.toString()} : null);
  }

  function putBack() {
    var e = editForm();
    if (e) {
      opened = theHand(e);
      var change = read(changeKey(e));
      if (change && !e.inert) resumeChange(e, change);
      return;
    }
    var f = newHandForm();
    var later = GAME && KEPT.later(GAME);
    if (later) write(KEY, later);
    var kept = GAME && read(KEY);
    // a hand the engine refused, back in the form: as typed since, else as its queue entry
    // holds it (the copy stop() wrote here is gone if a poll settled before the reload)
    var refused = GAME && KEPT.inForm(GAME);
    if (refused && !(kept && kept.number === refused.number)) kept = refused;
    // inert: a kept hand waits (kept-hands.js); drawn here after kept hands: the server has
    // not seen them, so cannot draw this one; it stays kept until they are sent
    if (!f || !kept || f.inert || f.hasAttribute("data-kept-next")) return;
    if (kept.number !== f.getAttribute("data-number")) {
      // typed after hands kept on this phone: it waits for them; else that hand was saved
      // (or taken back): nothing in progress
      if (!KEPT.has(GAME)) write(KEY, null);
      return;
    }
    if (KEPT.entered(fields(f))) return;  // the page already shows a hand in progress
    KEPT.refill(kept.body).catch(function () {});  // else the empty form stays
  }

  // The change in progress to an earlier hand: the edit form's fields that differ from the hand
  // as the server drew it (`opened`, when the page loaded), kept with the version they were
  // typed on and that hand (`base`).
  var opened = null;
  var cancelled = false;  // Cancel tapped: a preview answered after it keeps nothing

  function editForm() {
    var f = form();
    return f && f.elements.index && f.elements.index.value !== "" ? f : null;
  }
  function theHand(f) {  // the form's fields but its version: the hand it holds
    var values = fields(f);
    values.delete("version");
    return values.toString();
  }
  function changeKey(f) { return KEPT.editKey(GAME, f.elements.index.value); }

  function rememberChange(f) {
    var key = changeKey(f), change = read(key), version = f.elements.version.value;
    if (cancelled) return;
    if (change && change.version !== version) {  // redrawn at a newer version (views._stale)
      resumeChange(f, change);
      return;
    }
    var base = change ? change.base : opened, hand = theHand(f);
    write(key, hand === base ? null : {version: version, base: base, body: hand});
  }

  // The form shows the hand as the server has it now (a reload, or a form redrawn because
  // another phone wrote): while that is the hand the change began from, the change goes back
  // in the form; once it is not, the change is kept aside (kept-hands.js) beside it.
  function resumeChange(f, change) {
    var key = changeKey(f), now = theHand(f), version = f.elements.version.value;
    if (KEPT.has(GAME)) return;  // a hand kept on this phone is settled first
    if (change.version === version || now === change.base) {
      if (change.body === now) {
        write(key, null);
        return;
      }
      KEPT.refill(change.body).then(function (fresh) {
        write(key, {version: fresh.elements.version.value, base: change.base, body: change.body});
      }, function () {});  // else the server's hand stays in the form, the change kept
      return;
    }
    var index = Number(f.elements.index.value);
    var body = new URLSearchParams(change.body);
    body.set("csrf_token", (f.elements.csrf_token || {}).value || "");
    var entry = {url: new URL(f.getAttribute("action"), location.href).pathname,
                 body: body.toString(), version: change.version, index: index, number: index,
                 label: KEPT.label(f),
                 notice: say("changed_elsewhere")};
    KEPT.check(GAME, entry).then(function (found) {
      if (KEPT.has(GAME)) return;
      KEPT.refused(GAME, Object.assign(entry, {text: found.text, now: found.now}));
      write(key, null);
    });
  }

  // A change saved, or cancelled, is no longer in progress.
  document.addEventListener("htmx:afterRequest", function (event) {
    var e = editForm(), elt = event.detail.elt, xhr = event.detail.xhr;
    if (e && elt && elt.id === "save-hand" && xhr && xhr.getResponseHeader("HX-Redirect")) {
      write(changeKey(e), null);
    }
  });
  document.addEventListener("click", function (event) {
    var e = editForm();
    var cancel = e && event.target.closest && event.target.closest("#save-row a[href]");
    if (!cancel || !e.contains(cancel)) return;
    cancelled = true;
    write(changeKey(e), null);
  });

  // ------------------------------------------------------------------ 2. calls taken offline
  var offline = false;

  function callButton(elt) {
    var f = form();
    return !!(f && elt && elt.matches && elt.matches("button[name=call]") && f.contains(elt));
  }

  function takeCall(button) {
    var f = form();
    var calls = f.elements.calls;
    var list = f.querySelector("ol.calls");
    var next = f.querySelector(".to-call");
    var players = JSON.parse(f.getAttribute("data-players") || "[]");
    var taken = calls.value ? calls.value.split(",") : [];
    var value = button.value;
    if (value === "back" || value === "clear") showCalls(true);
    if (value === "back") {
      taken.pop();
      if (list && list.lastElementChild) list.removeChild(list.lastElementChild);
    } else if (value === "clear") {
      taken = [];
      if (list) list.textContent = "";
    } else {
      taken.push(value);
      if (!list) {
        list = el("ol", {"class": "calls"});
        f.querySelector("fieldset.auction legend").after(list);
      }
      var seat = next ? Number(next.getAttribute("data-seat")) : NaN;
      list.appendChild(el("li", {"class": "offline"}, [
        el("span", {text: players[seat] || say("next_seat")}), document.createTextNode(" "),
        el("b", {text: text(button)}), document.createTextNode(" "),
        el("small", {"class": "checked-later", text: say("checked_later")})]));
    }
    calls.value = taken.join(",");
    if (next) {  // who calls next, as far as the phone can tell: the next seat round the table
      var seats = players.length || 1;
      var at = (Number(next.getAttribute("data-seat")) + (value === "back" ? seats - 1 : 1)) % seats;
      if (value === "clear") at = Number(f.getAttribute("data-first-seat") || at);
      next.setAttribute("data-seat", String(at));
      next.textContent = "";
      withName(next, TEXTS.next_question, players[at] || "");
    }
    if (!f.querySelector("#offline-calls")) {
      f.querySelector("fieldset.auction").appendChild(el("div", {
        id: "offline-calls", "class": "alert warn", role: "status"}, [
        el("p", {text: say("offline_calls")}),
        el("button", {type: "button", "class": "button small", "data-offline": "outcome",
                      text: say("auction_over")})]));
    }
    if (taken.length >= players.length) showOutcome();  // everyone called once
    remember();
  }

  // The rest of the hand (drawn hidden by the server until the auction is done), in place of
  // the call buttons, which a call taken back brings back.
  var CALLING = ".to-call, .call-grid, .reasons";
  function showCalls(shown) {
    Array.prototype.forEach.call(form().querySelectorAll(CALLING), function (node) {
      node.hidden = !shown;
    });
  }
  function showOutcome() {
    var f = form();
    var rest = f && f.querySelector("fieldset[data-after-calls]");
    if (!rest) return;
    showCalls(false);
    rest.hidden = false;
    rest.disabled = false;
    var button = f.querySelector("[data-offline=outcome]");
    if (button) button.remove();
    // The phone cannot tell whether the hand is complete: Save is offered, the server checks.
    saveOnPhone(f);
  }
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-offline=outcome]")) showOutcome();
  });

  function callsInWords(f) {
    return Array.prototype.map.call(f.querySelectorAll("ol.calls li"), function (li) {
      return text(li.querySelector("span")) + " " + text(li.querySelector("b"));
    }).join(", ");
  }

  function goOffline(button) {
    var f = form();
    var next = f && f.querySelector(".to-call");
    if (!offline && next) {  // the seat that called first, for "Start over"
      var seats = JSON.parse(f.getAttribute("data-players") || "[]").length || 1;
      var made = f.elements.calls.value ? f.elements.calls.value.split(",").length : 0;
      var first = ((Number(next.getAttribute("data-seat")) - made) % seats + seats) % seats;
      f.setAttribute("data-first-seat", String(first));
    }
    offline = true;
    takeCall(button);
  }

  function serverBack() {
    var f = form();
    if (!offline || !f || KEPT.has(GAME)) return;  // the kept hands go first (kept-hands.js)
    offline = false;
    if (f.inert) return;  // saved offline: kept-hands.js sends the kept hand
    var body = fields(f).toString();
    KEPT.refill(body, true).then(remember, function (why) {
      if (why && why.conflict) {
        KEPT.refused(GAME, {url: f.getAttribute("action"), body: body,
                            version: f.elements.version.value,
                            index: editForm() ? Number(f.elements.index.value) : null,
                            number: Number(f.getAttribute("data-number")),
                            label: KEPT.label(f),
                            text: say("calls", {calls: callsInWords(f)}), notice: why.conflict});
        write(KEY, null);
        location.reload();
      } else {
        offline = true;  // not back after all: the next poll tries again
      }
    });
  }

  // Save as the phone offers it when the server cannot check the hand: tappable, the server
  // checks it once it is back.
  function saveOnPhone(f) {
    f.setAttribute("data-on-phone", "");  // its preview, if any, is not the hand's now
    var save = f.querySelector("#save-hand");
    if (save) {
      save.removeAttribute("aria-disabled");
      save.classList.remove("incomplete");
    }
    var why = f.querySelector("#save-why");
    if (why) why.textContent = say("checked_when_back");
  }

  document.addEventListener("htmx:sendError", function (event) {
    var elt = event.detail.elt, f = form();
    if (callButton(elt)) goOffline(elt);
    else if (f && elt && f.contains(elt) && switchMode(elt)) return;
    else if (f && elt && (elt === f || f.contains(elt)) && elt.id !== "save-hand") saveOnPhone(f);
  });
  // While offline, the form asks nothing of the server but a save (which kept-hands.js keeps
  // on the phone when it cannot get through): a call is taken on the phone.
  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    var f = form();
    var onPhone = offline || KEPT.onPhone(GAME);  // hands kept wait: the form is the phone's
    if (!onPhone || !f || !elt || !elt.closest || !f.contains(elt) || elt.id === "save-hand") {
      return;
    }
    event.preventDefault();
    if (switchMode(elt)) return;
    if (callButton(elt)) {
      if (offline) takeCall(elt);
      else goOffline(elt);
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    if (elt && elt.id === "live" && event.detail.successful) serverBack();
  });
  window.addEventListener("online", serverBack);

  // ------------------------------------------------------------------ 2b. the next hand
  // A hand kept on this phone (kept-hands.js, "sk:kept"): the form is drawn at once for the
  // hand after it, from the empty form as the server drew it last in this entry mode, with
  // its number, the version the kept hand's save will make and, where the form names them,
  // who deals it and who calls first. Taken back ("keep": the last kept hand discarded), the
  // form in place is renumbered instead, what it holds kept.
  // The other entry mode's empty form ("Just the bid" and "Call by call") is asked for once,
  // while the server answers (a preview of an empty form in that mode: nothing remembered), so
  // that the mode switches with the server away too; both are kept on this phone for the game
  // (BLANKS), for a page that came back from the phone's copy (pwa.js).
  var blank = {};  // entry mode -> the empty new-hand form as the server drew it
  var BLANKS = "sk:blanks";
  var asking = false;

  function modeOf(f) { return f.elements.mode ? f.elements.mode.value : ""; }
  function otherMode(f) {
    var off = f.querySelector(".mode-toggle button[name=set_mode]:not(.on)");
    return off ? off.value : null;
  }
  function keptBlanks() {
    var kept = read(BLANKS);
    return kept && kept.game === GAME ? kept.forms : {};
  }
  function keepBlanks() {
    var forms = {};
    Object.keys(blank).forEach(function (mode) { if (mode !== "any") forms[mode] = blank[mode]; });
    write(BLANKS, {game: GAME, forms: forms});
  }

  function keepBlank() {
    var f = newHandForm();
    if (!f || f.inert || offline || KEPT.entered(fields(f))) return;
    if (f.hasAttribute("data-kept-next")) return;  // drawn here, not by the server
    blank[modeOf(f)] = f.outerHTML;
    blank.any = f.outerHTML;
    keepBlanks();
    askOther(f);
  }

  function askOther(f) {
    var mode = otherMode(f);
    var drawn = mode && blank[mode] &&
      new DOMParser().parseFromString(blank[mode], "text/html").getElementById("hand-form");
    var behind = drawn ? Number(f.getAttribute("data-number")) -
      Number(drawn.getAttribute("data-number")) : Infinity;
    if (!mode || asking || (behind >= 0 && behind < 12) || KEPT.onPhone(GAME)) return;
    asking = true;
    var body = new URLSearchParams();
    ["csrf_token", "version", "index", "number"].forEach(function (name) {
      body.set(name, f.elements[name] ? f.elements[name].value : "");
    });
    body.set("mode", mode);
    fetch(f.getAttribute("hx-post"), {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"HX-Request": "true", "HX-Target": "hand-form",
                "X-CSRFToken": body.get("csrf_token")}
    }).then(function (response) {
      if (!response.ok || response.headers.get("HX-Retarget")) throw new Error("not drawn");
      return response.text();
    }).then(function (html) {
      var other = new DOMParser().parseFromString(html, "text/html").getElementById("hand-form");
      if (other && modeOf(other) === mode) {
        blank[mode] = other.outerHTML;
        keepBlanks();
      }
    }).catch(function () {}).then(function () { asking = false; });
  }

  // A mode switch with the server away: the other mode's empty form, for this very hand (its
  // number, version and dealer); what the form held is not carried over, as online.
  function switchMode(button) {
    var f = newHandForm();
    if (!f || !button || button.name !== "set_mode" || !blank[button.value]) return false;
    var drawnHere = f.hasAttribute("data-kept-next");
    nextForm({number: Number(f.getAttribute("data-number")), version: f.elements.version.value,
              mode: button.value});
    var fresh = newHandForm();
    if (fresh && !drawnHere) fresh.removeAttribute("data-kept-next");  // the server's hand still
    write(KEY, null);
    return true;
  }

  // `node` says `sentence`, its {name} the player's name in bold ("<b>Ann</b> deals").
  function withName(node, sentence, name) {
    sentence.split(/(\{name\})/).forEach(function (part) {
      if (part === "{name}") node.appendChild(el("strong", {text: name}));
      else if (part) node.appendChild(document.createTextNode(part));
    });
  }

  function lastNumber(s, n) { return s.replace(/\d+(\D*)$/, String(n) + "$1"); }

  function nextForm(detail) {
    var f = newHandForm();
    if (!f) return;
    var fresh = f;
    if (!detail.keep) {
      var html = blank[detail.mode || modeOf(f)] || blank.any;
      if (!html) {  // no empty form seen on this page: the form waits, as drawn
        f.inert = true;
        return;
      }
      fresh = new DOMParser().parseFromString(html, "text/html").getElementById("hand-form");
      f.replaceWith(fresh);
    }
    var from = Number(fresh.getAttribute("data-number"));
    var number = detail.number;
    fresh.setAttribute("data-kept-next", "");
    fresh.setAttribute("data-number", String(number));
    fresh.elements.version.value = detail.version;
    if (fresh.elements.number) fresh.elements.number.value = String(number);
    var heading = fresh.querySelector(".form-head h2");
    if (heading) heading.textContent = lastNumber(heading.textContent, number + 1);
    var save = fresh.querySelector("#save-hand");
    if (save) save.textContent = lastNumber(save.textContent, number + 1);
    saveOnPhone(fresh);
    if (!detail.keep) {
      Array.prototype.forEach.call(fresh.querySelectorAll(".alert, #preview > *"),
                                   function (node) { node.remove(); });
    }
    var dealers = JSON.parse(fresh.getAttribute("data-dealers") || "null");
    var dealer = dealers && !detail.keep ? dealers[number - from] : null;
    var players = JSON.parse(fresh.getAttribute("data-players") || "[]");
    var said = fresh.querySelector(".kept-dealer");
    if (said) said.remove();
    if (dealer) {
      fresh.setAttribute("data-dealers", JSON.stringify(dealers.slice(number - from)));
      var line = el("span", {"class": "muted kept-dealer"});
      fresh.querySelector(".form-head h2").after(line);
      // the variant's verb (data-deals: "deals", "shakes", "starts"), its sentence said
      withName(line, TEXTS[fresh.getAttribute("data-deals")] || TEXTS.deals, dealer);
      var next = fresh.querySelector(".to-call");
      var seat = players.indexOf(dealer);
      if (next && seat >= 0) {  // the seat after the dealer calls first
        var first = (seat + 1) % players.length;
        next.setAttribute("data-seat", String(first));
        fresh.setAttribute("data-first-seat", String(first));
        var name = next.querySelector("strong");
        if (name) name.textContent = players[first];
      }
    }
    if (window.htmx) window.htmx.process(fresh);
    if (detail.keep) remember();  // renumbered, what it holds is the hand in progress still
    fresh.scrollIntoView({block: "start"});
    if (heading) { heading.tabIndex = -1; heading.focus({preventScroll: true}); }
  }
  document.addEventListener("sk:kept", function (event) { nextForm(event.detail); });

  // ------------------------------------------------------------------ 3. scoring ended
  function scoringEnded() {
    var said = document.querySelector("#scoring-ended [data-scoring-ended]");
    var f = form();
    if (!said || !f) return;
    f.inert = true;
    if (!KEPT.entered(fields(f))) {
      f.remove();
      return;
    }
    var body = new URLSearchParams(new FormData(f));
    fetch(said.getAttribute("data-words-url"), {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: {"HX-Request": "true", "X-CSRFToken": body.get("csrf_token") || ""}
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.text();
    }).then(function (html) {
      if (!document.contains(f) || html.indexOf('id="hand-not-saved"') < 0) return;
      write(KEY, null);
      // swapped by htmx, as the refused save's answer is: its times are shown in local time
      window.htmx.swap(f, html, {swapStyle: "outerHTML"});
    }).catch(function () {});  // the form stays, inert, under the notice
  }

  // The hand in words (partials/handover/_hand_not_saved.html) with a Copy button, where
  // the phone has a clipboard for it (a secure context).
  function offerCopy() {
    var block = document.getElementById("hand-not-saved");
    var button = block && block.querySelector("[data-copy]");
    if (!button || !button.hidden || !navigator.clipboard) return;  // none over plain http
    button.hidden = false;
    button.addEventListener("click", function () {
      var words = block.querySelector(button.getAttribute("data-copy"));
      navigator.clipboard.writeText(text(words)).then(function () {
        button.textContent = say("copied");
      }, function () {});
    });
  }

  // The hand another phone saved first (partials/games/_typed_not_saved.html), in the form's
  // place: her taps went to a form that is gone, so the form for the next hand waits behind
  // the notice, the focus on it (a screen reader reads it: role=alert), until she dismisses
  // it; a poll meanwhile leaves it where it is.
  function holdForNotice() {
    var notice = document.getElementById("hand-not-saved");
    var button = notice && notice.querySelector("[data-dismiss-notice]");
    var f = form();
    if (!button || !button.hidden || !f) return;
    button.hidden = false;
    f.hidden = true;
    notice.focus({preventScroll: true});
    notice.scrollIntoView({block: "nearest"});
    button.addEventListener("click", function () {
      notice.remove();
      var next = form();
      if (!next) return;
      next.hidden = false;
      var heading = next.querySelector("h2");
      if (heading) { heading.tabIndex = -1; heading.focus({preventScroll: true}); }
      next.scrollIntoView({block: "nearest"});
      formBehind();  // another hand saved meanwhile: the form is drawn for the one after it
    });
  }

  document.addEventListener("input", function (event) {
    var f = form();
    if (f && f.contains(event.target)) remember();
  });
  document.addEventListener("sk:restored", remember);
  // ------------------------------------------------------------------ 4. the game moved on
  // Another phone saved a hand (two phones may score at once), or the game ended: at the poll
  // that says so (#live's version is past the form's), the form asks the server as it is, and
  // the server, finding it stale (views._stale), draws the game as it is now: the form for the
  // next hand, or none once the game is over, with who saved what and, in words to copy, what
  // this form held (never carried into the next hand). Not while the phone itself keeps hands.
  function formBehind() {
    var f = newHandForm(), live = document.getElementById("live");
    if (!f || f.inert || f.hidden || offline || KEPT.has(GAME) || !live || !window.htmx) return;
    if (window.SKSeats && window.SKSeats.countTyped()) return;  // asked at a later poll
    var now = Number(live.getAttribute("data-version"));
    if (now > Number(f.elements.version.value) && !f.hasAttribute("data-behind")) {
      f.setAttribute("data-behind", "");  // asked once: its answer replaces the form
      window.htmx.trigger(f, "change");  // its fields only (hand-form.js)
    }
  }

  // Its answer comes later: a count typed meanwhile in the seats panel (live.js) is not taken
  // away by the game it redraws; the form asks again at a later poll.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var asked = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form[data-behind]");
    if (!asked || !window.SKSeats || !window.SKSeats.countTyped()) return;
    event.detail.shouldSwap = false;
    asked.removeAttribute("data-behind");
  });

  document.addEventListener("htmx:afterSettle", function () {
    if (!offline) remember();
    keepBlank();
    scoringEnded();
    offerCopy();
    holdForNotice();
    formBehind();
  });

  function start() {
    offerCopy();
    holdForNotice();
    if (!GAME) return;
    var forms = keptBlanks();  // the modes drawn before (a page from the phone's copy)
    Object.keys(forms).forEach(function (mode) { blank[mode] = forms[mode]; });
    keepBlank();
    scoringEnded();
    // hands kept and waiting (a reload mid-queue): the form is for the hand after them
    var after = KEPT.after(GAME), f = newHandForm();
    if (after && f && f.getAttribute("data-number") !== String(after.number)) nextForm(after);
    putBack();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
