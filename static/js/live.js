// Small enhancements, from a static file (the Content-Security-Policy allows no inline script).
(function () {
  // The live poller (partials/games/_live.html): a 304 reaches htmx as the cached 200, so skip any
  // answer whose ETag is the one already shown: no flicker, scroll and open menus are kept.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var el = event.detail.elt;
    if (!el || el.id !== "live") return;
    var xhr = event.detail.xhr;
    var etag = (xhr.getResponseHeader("ETag") || "").replace(/^W\//, "");
    if (xhr.status === 304 || etag === '"' + el.dataset.etag + '"') event.detail.shouldSwap = false;
  });

  // Each poll asks for what is newer than the page shows (its ETag, in #live): the first poll
  // after a page load is a 304 too, not a second copy of what the page holds; a page left
  // behind (a skipped swap) gets the update again at the next poll.
  document.addEventListener("htmx:configRequest", function (event) {
    var el = event.detail.elt;
    if (el && el.id === "live" && el.dataset.etag) {
      event.detail.headers["If-None-Match"] = 'W/"' + el.dataset.etag + '"';
    }
  });

  // No swap under a finger. A swap that lands between the press and the release of a tap
  // moves or replaces what the finger is on, and the tap is lost: Save, tapped while the box
  // typed last is still sent for a preview as it loses the focus, is replaced by the
  // preview's Save and never clicked. While a pointer is down, the poll's answer is left for
  // the next poll (the page keeps its ETag, so the next one brings it again), and the answer
  // to a preview sent by typing or picking waits: after the tap it is asked for again, unless
  // the tap sent the form itself (a Save or a call, whose answer re-draws it anyway). A call
  // tap's own answer is always swapped: it carries the call.
  var pressed = false, previewHeld = false, tapSent = false, letGoTimer = null;
  function typedPreview(detail) {
    var form = document.getElementById("hand-form");
    var cfg = detail.requestConfig || {};
    var why = cfg.triggeringEvent && cfg.triggeringEvent.type;
    return !!(form && form.contains(detail.elt) && /\/preview$/.test((cfg.path || "").split("?")[0]) &&
              (why === "change" || why === "input"));
  }
  function letGo() {
    clearTimeout(letGoTimer);
    if (!pressed) return;
    pressed = false;
    var form = document.getElementById("hand-form");
    if (previewHeld && !tapSent && form && window.htmx) window.htmx.trigger(form, "change");
    previewHeld = false;
  }
  document.addEventListener("pointerdown", function () {
    clearTimeout(letGoTimer);
    pressed = true;
    tapSent = false;
    letGoTimer = setTimeout(letGo, 5000);  // a release the page never heard of
  }, true);
  ["pointerup", "pointercancel"].forEach(function (name) {
    document.addEventListener(name, function () {
      clearTimeout(letGoTimer);
      letGoTimer = setTimeout(letGo, 400);  // a tap's click comes after its pointerup
    }, true);
  });
  document.addEventListener("click", function () { setTimeout(letGo, 0); }, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = document.getElementById("hand-form");
    if (pressed && form && form.contains(event.detail.elt) && !typedPreview(event.detail)) {
      tapSent = true;
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!pressed) return;
    var el = event.detail.elt;
    if (el && el.id === "live") {
      event.detail.shouldSwap = false;
    } else if (typedPreview(event.detail)) {
      event.detail.shouldSwap = false;
      previewHeld = true;
    }
  });

  // The new-game form (partials/games/_new_game.html): the dealer choices show the names as typed.
  document.addEventListener("input", function (event) {
    var input = event.target, form = input.form;
    if (!form || form.id !== "setup-form") return;
    var m = /^name-(\d+)$/.exec(input.name || "");
    var seat = m && form.querySelector('[data-seat="' + m[1] + '"]');
    if (seat) seat.textContent = input.value.trim() || "Seat " + (+m[1] + 1);
  });

  // The seats panel (partials/games/_seats.html): a count typed as a sum shows its total
  // ("12+11+7" shows = 30); the server adds it up again (games/seats.py pip_sum). The poll
  // does not swap the panel under a count being typed, unless the round or the seat moved on.
  function showSum(input) {
    var out = document.getElementById("my-sum");
    if (!out || input.id !== "my-pips") return;
    var text = input.value.replace(/\s+/g, "");
    out.textContent = /^\d{1,4}(\+\d{1,4})+$/.test(text)
      ? "= " + text.split("+").reduce(function (a, b) { return a + Number(b); }, 0) : "";
  }
  document.addEventListener("input", function (event) { showSum(event.target); });
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target, fresh = event.detail.fragment;
    if (!target || target.id !== "seats") return;
    var incoming = fresh && fresh.querySelector ? fresh.querySelector("#seats") || fresh.firstElementChild : null;
    var same = incoming && incoming.getAttribute("data-round") === target.getAttribute("data-round");
    var typing = Array.prototype.some.call(target.querySelectorAll("input[name=pips]"), function (box) {
      return box === document.activeElement || box.value !== box.defaultValue;
    });
    if (same && typing) event.detail.shouldSwap = false;
  });

  // The tile picker (partials/games/_seats.html): each tile tapped once goes into the count box
  // as a sum ("24+13+7"), the double blank checks its box where the house rule charges it.
  function showPickers() {
    document.querySelectorAll("[data-tile-picker][hidden]").forEach(function (p) { p.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", showPickers);
  document.addEventListener("htmx:afterSettle", showPickers);
  document.addEventListener("htmx:oobAfterSwap", showPickers);
  document.addEventListener("click", function (event) {
    var tile = event.target.closest && event.target.closest(".tile");
    var picker = tile && tile.closest("[data-tile-picker]");
    if (!picker) return;
    tile.setAttribute("aria-pressed", tile.getAttribute("aria-pressed") === "true" ? "false" : "true");
    var picked = picker.querySelectorAll(".tile[aria-pressed=true]");
    var box = document.getElementById("my-pips");
    box.value = Array.prototype.map.call(picked, function (t) { return t.dataset.pips; }).join("+");
    showSum(box);
    picker.querySelector("[data-tile-count]").textContent = picked.length;
    var blank = box.form.querySelector("input[name=double_blank]");
    if (blank) blank.checked = !!picker.querySelector(".tile[data-double-blank][aria-pressed=true]");
  });
})();
