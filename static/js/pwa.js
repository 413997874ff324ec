// The phone app around the pages (loaded on every page; nothing here is needed to keep score):
// 1. registers the service worker (/sw.js), where the browser allows one (HTTPS or localhost);
// 2. keeps the screen on while a game page is open (Screen Wake Lock; where the browser has none,
//    as on a plain http:// LAN address, NoSleep.js's silent looping video), with a switch to
//    turn that off, remembered on this phone;
// 3. says "Reconnecting" on a game page while its live polls fail, and reloads the offline
//    page once the server answers again;
// 4. keeps a copy of a scorer's game page for the service worker to answer a reload with while
//    the server cannot be reached (see 4 below);
// 5. the hands kept while the server could not be reached are static/js/kept-hands.js's, the
//    pip counts kept so static/js/kept-counts.js's; both use the helpers this file shares as
//    window.SK (storage, the status area's slots, a refusal's reason). They are loaded only
//    where this phone enters hands or counts (partials/games/_kept_scripts.html); on any other
//    page this file says which hands wait, with the way back to their game.
(function () {
  "use strict";

  var script = document.currentScript;
  var GAME = (location.pathname.match(/^\/games\/(\d+)(?:\/|$)/) || [])[1] || null;
  var RETRY_MS = 3000;
  // Its words in the page's language (partials/_pwa_texts.html, on this script's tag), English
  // where a page has none (a copy of a page kept from before they were sent).
  var TEXTS = Object.assign({
    reconnecting: "Reconnecting…",
    unreachable: "The server cannot be reached just now; the scores shown may be out of date.",
    kept: "Kept on this phone, not saved yet: {hands}.",
    open_game: "Open its game",
    refused: "The server refused it ({status})."
  }, script && script.dataset.texts ? JSON.parse(script.dataset.texts) : {});

  function store(kind) {
    try { return window[kind]; } catch (e) { return null; }
  }
  function read(key, kind) {
    var s = store(kind || "localStorage");
    try { return s ? JSON.parse(s.getItem(key)) : null; } catch (e) { return null; }
  }
  function write(key, value, kind) {
    var s = store(kind || "localStorage");
    if (!s) return false;
    try {
      if (value === null) s.removeItem(key); else s.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) { return false; }
  }
  function text(el) { return el ? el.textContent.replace(/\s+/g, " ").trim() : ""; }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  // What the server said when it refused a form sent from the phone (a kept hand, a kept
  // count): the page it answered with names the reason.
  function refusal(response) {
    return response.text().then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      var said = doc.querySelector("#form-error, .alert.warn:not(.hand-not-saved), " +
                                   ".stale-notice, .alert.error, main .error") ||
        doc.querySelector("body > p");
      return text(said) || TEXTS.refused.replace("{status}", response.status);
    }, function () { return TEXTS.refused.replace("{status}", response.status); });
  }

  // ------------------------------------------------------------------ 1. service worker
  var swUrl = "serviceWorker" in navigator && window.isSecureContext && script &&
    script.dataset.sw;
  if (swUrl) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(swUrl, {scope: "/"}).catch(function () {});
    });
  }

  // ------------------------------------------------------------------ 2. screen wake lock
  var WAKE_KEY = "sk:wake-lock";
  var sentinel = null;  // the Wake Lock API's lock, while it is held
  // NoSleep.js (static/vendor/nosleep.js), only where the Wake Lock API is missing: the API
  // needs a secure context, and a table's LAN address is plain http. Its video may only start
  // after a tap on the page (the switch's, or the first one anywhere); once the page has had
  // one, it starts again by itself when the page comes back into view.
  var noSleep = null;

  function wakeWanted() { return read(WAKE_KEY) !== "off"; }
  function wakeState(state) { document.documentElement.setAttribute("data-wake-lock", state); }

  function takeWakeLock() {
    if (!wakeWanted() || document.visibilityState !== "visible") return;
    if (noSleep) {
      if (noSleep.isEnabled) return;
      noSleep.enable().then(function () {
        if (wakeWanted()) wakeState("on"); else releaseWakeLock();  // switched off meanwhile
      }, function () { wakeState("waiting"); });  // no tap yet: the next one starts it
      return;
    }
    if (sentinel) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      sentinel = lock;
      wakeState("on");
      lock.addEventListener("release", function () {
        if (sentinel === lock) sentinel = null;
        wakeState("off");
      });
    }).catch(function () { wakeState("refused"); });  // low battery, not allowed: no matter
  }

  function releaseWakeLock() {
    if (noSleep) {
      noSleep.disable();
      wakeState("off");
    } else if (sentinel) {
      var lock = sentinel;
      sentinel = null;
      lock.release().catch(function () {});
    }
  }

  function showWakeSwitch(box) {
    var row = box.closest("[hidden]");
    if (row) row.hidden = false;
    box.checked = wakeWanted();
    box.addEventListener("change", function () {
      write(WAKE_KEY, box.checked ? "on" : "off");
      if (box.checked) takeWakeLock(); else releaseWakeLock();
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") takeWakeLock();
      else if (noSleep) releaseWakeLock();  // the browser lets a lock go by itself
    });
    if (noSleep) {
      document.addEventListener("click", function (event) {
        if (event.target !== box) takeWakeLock();
      }, true);
    }
    takeWakeLock();
  }

  function setUpWakeLock() {
    var box = document.getElementById("wake-lock");
    if (!box) return;
    if ("wakeLock" in navigator) { showWakeSwitch(box); return; }
    if (!script || !script.dataset.nosleep) return;  // the switch stays hidden
    var library = el("script", {src: script.dataset.nosleep});
    library.addEventListener("load", function () {
      if (typeof window.NoSleep !== "function") return;
      noSleep = new window.NoSleep();
      showWakeSwitch(box);
    });
    document.head.appendChild(library);
  }

  // ------------------------------------------------------------------ the status area
  // One live region at the top of a game's pages: the connection banner and the kept hand.
  var statusArea = null;
  function area() {
    if (!statusArea) {
      var main = document.querySelector("main");
      if (!main) return null;
      statusArea = el("div", {id: "pwa-status", "class": "pwa-status", "aria-live": "polite"},
                      [el("div", {id: "kept"}), el("div", {id: "connection"})]);
      main.insertBefore(statusArea, main.firstChild);
    }
    return statusArea;
  }
  function slot(id) {
    var a = area();
    if (!a) return null;
    var node = document.getElementById(id);
    if (!node) { node = el("div", {id: id}); a.appendChild(node); }
    return node;
  }

  // ------------------------------------------------------------------ 3. reconnecting
  var pollsFailing = false;
  function showConnection(failing) {
    if (failing === pollsFailing) return;
    pollsFailing = failing;
    var node = slot("connection");
    if (!node) return;
    node.textContent = "";
    if (failing) {
      node.className = "alert warn connection";
      node.appendChild(el("strong", {text: TEXTS.reconnecting}));
      node.appendChild(document.createTextNode(" " + TEXTS.unreachable));
    } else {
      node.className = "";
    }
  }
  function isPoll(event) {
    var elt = event.detail && event.detail.elt;
    return !!(elt && elt.id === "live");
  }
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isPoll(event)) showConnection(!event.detail.successful);
  });

  function setUpOfflinePage() {
    if (!document.querySelector("[data-offline]")) return;
    var ping = document.querySelector("link[rel=manifest]");
    var url = ping ? ping.href : "/";
    var tryAgain = function () {
      fetch(url, {cache: "no-store", credentials: "same-origin"})
        .then(function () { location.reload(); }, function () { setTimeout(tryAgain, RETRY_MS); });
    };
    setTimeout(tryAgain, RETRY_MS);
  }

  // ------------------------------------------------------------------ 4. the game page, kept
  // Pages are answered no-store (they carry capabilities), so the service worker keeps no copy
  // of them. The scorer's game page is the one a table cannot do without: with the Wi-Fi down,
  // a reload (or a thumb's pull-to-refresh) must bring back the sheet and the form, the kept
  // hands on them (kept-hands.js, hand-keeper.js draw those from this phone's storage), not
  // "Reconnecting". So where a service worker runs, a phone with a hand form puts the game
  // page, as the server draws it now, in the worker's page cache (sw.js answers a navigation
  // from there when the server cannot be reached), again whenever the game's version or the
  // entry mode changes: without the scorer link and its QR code (a copy on the phone's disk
  // must not hold that capability). Watchers enter nothing: their phones keep no copy.
  var PAGE_CACHE = "sk-pages";  // sw.js's
  var copied = null;  // what the copy kept was drawn for: version and entry mode
  var worker = false;  // a service worker is active for this page's scope
  function copyState() {
    var live = document.getElementById("live");
    var form = document.getElementById("hand-form");
    if (!live || (!form && copied === null)) return null;  // a watcher's page
    var modes = form ? Array.prototype.map.call(
      form.querySelectorAll("input[type=hidden][name$=mode]"),
      function (input) { return input.name + "=" + input.value; }) : [];
    return [live.getAttribute("data-version")].concat(modes).join("&");
  }
  function keepGamePage() {
    if (!worker || !window.caches || location.pathname !== "/games/" + GAME) return;
    var state = copyState();
    if (state === null || state === copied) return;
    copied = state;
    var url = location.href.split("#")[0];
    fetch(url, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
      var type = response.headers.get("Content-Type") || "";
      if (!response.ok || response.redirected || !/^text\/html/i.test(type)) {
        throw new Error("not the game page");
      }
      return response.text();
    }).then(function (html) {
      var doc = new DOMParser().parseFromString(html, "text/html");
      Array.prototype.forEach.call(doc.querySelectorAll(".share-scorer"), function (node) {
        node.remove();
      });
      var copy = "<!DOCTYPE html>\n" + doc.documentElement.outerHTML;
      return caches.open(PAGE_CACHE).then(function (cache) {
        return cache.put(url, new Response(copy, {headers: {
          "Content-Type": "text/html; charset=utf-8", "X-SK-Copy": new Date().toISOString()}}));
      });
    }).catch(function () { copied = null; });  // tried again at the next change
  }
  document.addEventListener("htmx:afterSettle", keepGamePage);

  // ------------------------------------------------------------------ 5. hands kept, elsewhere
  // A page without kept-hands.js (the home page, a watcher's page): a word about each hand
  // still kept (kept-hands.js's queues), with the way back to its game, where it is sent or
  // settled.
  function keptElsewhere() {
    if (document.querySelector("script[src*='/kept-hands.js']")) return;
    var s = store("localStorage");
    if (!s) return;
    var queues = [];
    for (var i = 0; i < s.length; i++) {
      var key = s.key(i) || "";
      if (!/^sk:kept:\d+$/.test(key)) continue;
      var entries = read(key);
      entries = Array.isArray(entries) ? entries : entries ? [entries] : [];
      if (entries.length) queues.push(entries);
    }
    if (!queues.length) return;
    var node = slot("kept");
    if (!node) return;
    node.className = "alert warn kept";
    queues.forEach(function (entries) {
      node.appendChild(el("p", {}, [
        document.createTextNode(TEXTS.kept.replace("{hands}", entries.map(
          function (e) { return e.label; }).join(", ")) + " "),
        el("a", {href: entries[0].url.replace(/\/hands(?:\/\d+)?$/, ""),
                 text: TEXTS.open_game})]));
    });
  }

  // What kept-hands.js and kept-counts.js use (loaded after this file; deferred scripts run
  // in order).
  window.SK = Object.freeze({GAME: GAME, RETRY_MS: RETRY_MS, read: read,
                             write: write, text: text, el: el, slot: slot, refusal: refusal});

  function start() {
    setUpWakeLock();
    setUpOfflinePage();
    keptElsewhere();
    if (GAME && swUrl) {
      navigator.serviceWorker.ready.then(function () { worker = true; keepGamePage(); });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
