// Scorekeeper's service worker, served at /sw.js (scorekeeper/pwa.py puts SK_VERSION, SK_SHELL,
// SK_OFFLINE and SK_TEXTS, its words in the phone's language, in front of this file). It makes the phone ride out a slow or briefly absent
// table server; it never answers for the server otherwise:
// - pages (navigations): the network first; after NAV_TIMEOUT ms without an answer, or when
//   the server cannot be reached, the copy of that page kept from its last visit (a page that
//   allows it, or the copy a scorer's game page keeps of itself: static/js/pwa.js), else the
//   "Reconnecting" page (/offline), which reloads itself once the server answers again;
// - static files: from the cache first (their URLs change when they do), else the network,
//   keeping what it fetched;
// - anything else (the live polls, every POST: hands, undo, join) goes to the server untouched:
//   a hand saved while the server is away is kept by static/js/pwa.js, never replayed here.
"use strict";

var VERSION = self.SK_VERSION || "dev";
var SHELL = self.SK_SHELL || [];
var OFFLINE = self.SK_OFFLINE || "/offline";
var TEXTS = self.SK_TEXTS || {reconnecting: "Reconnecting…",
                              unreachable: "The scorekeeper cannot be reached. Reload when it is back."};
var SHELL_CACHE = "sk-shell-" + VERSION;
var PAGE_CACHE = "sk-pages";
var NAV_TIMEOUT = 3000;
var MAX_PAGES = 40;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then(function (cache) {  // past the HTTP cache: this version's files, not older ones
        return cache.addAll(SHELL.map(function (url) { return new Request(url, {cache: "reload"}); }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("sk-shell-") === 0 && name !== SHELL_CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(staticFile(request));
  }
});

function cacheable(response) {
  return response && response.ok && response.type === "basic" && !response.redirected &&
    !/no-store/i.test(response.headers.get("Cache-Control") || "");
}

function isPage(response) {  // not a download (the game record), not an error page
  return /^text\/html/i.test(response.headers.get("Content-Type") || "") &&
    !response.headers.get("Content-Disposition");
}

function keepPage(request, response) {
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.put(request, response).then(function () { return cache.keys(); })
      .then(function (keys) {  // oldest first: drop the pages over MAX_PAGES
        return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES))
          .map(function (key) { return cache.delete(key); }));
      });
  });
}

function offlinePage() {
  return caches.match(OFFLINE).then(function (response) {
    return response || new Response(
      "<!doctype html><title>" + TEXTS.reconnecting + "</title><h1>" + TEXTS.reconnecting +
      "</h1><p>" + TEXTS.unreachable + "</p>",
      {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
  });
}

function page(event) {
  var request = event.request;
  var network = fetch(request).then(function (response) {
    if (cacheable(response) && isPage(response)) {
      var copy = response.clone();
      event.waitUntil(keepPage(request, copy).catch(function () {}));
    }
    return response;
  });
  var kept = caches.match(request, {cacheName: PAGE_CACHE, ignoreVary: true});
  return new Promise(function (resolve) {
    var done = false;
    function answer(response) { if (!done) { done = true; resolve(response); } }
    // A slow server: the copy from the last visit, if there is one; else keep waiting.
    var timer = setTimeout(function () {
      kept.then(function (response) { if (response) answer(response); });
    }, NAV_TIMEOUT);
    network.then(function (response) { clearTimeout(timer); answer(response); }, function () {
      clearTimeout(timer);  // no server at all: the kept copy, else "Reconnecting"
      kept.then(function (response) { return response || offlinePage(); }).then(answer);
    });
  });
}

function staticFile(request) {
  return caches.match(request, {ignoreVary: true}).then(function (hit) {
    if (hit) return hit;
    return fetch(request).then(function (response) {
      if (cacheable(response)) {
        var copy = response.clone();
        caches.open(SHELL_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}
