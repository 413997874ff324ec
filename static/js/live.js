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

  // A page coming back into view polls at once: a hidden page's timers are slowed down (to
  // once a minute, after a while), so its next "every 2s" may be long in coming.
  document.addEventListener("visibilitychange", function () {
    var live = document.getElementById("live");
    if (document.visibilityState === "visible" && live && live.hasAttribute("hx-get") && window.htmx) {
      window.htmx.trigger(live, "sk:poll");
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

  // "Copy link" beside a QR code (partials/_copy_link.html): shown once this script runs; the
  // field's text goes to the clipboard (navigator.clipboard needs a secure page: on the
  // table's plain http address the selected field is copied the older way).
  function showCopyButtons(root) {
    (root || document).querySelectorAll("button[data-copy][hidden]").forEach(function (b) {
      b.hidden = false;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { showCopyButtons(); });
  document.addEventListener("htmx:load", function (event) { showCopyButtons(event.detail.elt); });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-copy]");
    var field = button && document.getElementById(button.dataset.copy);
    if (!field) return;
    var done = button.closest(".copy-link").querySelector(".copy-done");
    function copied(ok) { done.textContent = ok ? done.dataset.copied : done.dataset.failed; }
    window.getSelection().selectAllChildren(field);
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.textContent).then(function () { copied(true); },
                                                            function () { copied(document.execCommand("copy")); });
    } else {
      copied(document.execCommand("copy"));
    }
  });

  // The new-game form (partials/games/_new_game.html): the dealer choices show the names as typed.
  document.addEventListener("input", function (event) {
    var input = event.target, form = input.form;
    if (!form || form.id !== "setup-form") return;
    var m = /^name-(\d+)$/.exec(input.name || "");
    var seat = m && form.querySelector('[data-seat="' + m[1] + '"]');
    if (seat) seat.textContent = input.value.trim() || seat.getAttribute("data-empty");
  });

  // The event TV (partials/events/_tv.html): a list longer than its box pages itself, a page of
  // whole rows (data-tv-pager names them) at a time, round to the first again, so every row is
  // shown within 30 s, each page for 8 s at least (time to read it across the room: a list of
  // 150 teams takes longer round). The page is kept by row across the live swaps, which
  // replace the box.
  var pages = {};
  function rowsOf(box) { return box.querySelectorAll(box.getAttribute("data-tv-pager")); }
  function showRow(box, index) {
    var rows = rowsOf(box), row = rows[Math.min(index, rows.length - 1)];
    box.scrollTop = 0;
    if (index > 0 && row) box.scrollTop = row.getBoundingClientRect().top - box.getBoundingClientRect().top;
  }
  function nextPage(box, index) {
    var rows = rowsOf(box), top = box.getBoundingClientRect().top, bottom = top + box.clientHeight;
    for (var i = index + 1; i < rows.length; i++) {
      if (rows[i].getBoundingClientRect().bottom > bottom + 1) return i;
    }
    return 0;
  }
  function turnPages() {
    var now = Date.now();
    document.querySelectorAll("[data-tv-pager]").forEach(function (box) {
      var key = box.className, page = pages[key] || (pages[key] = {row: 0, due: 0});
      if (box.scrollHeight <= box.clientHeight + 1) { page.row = 0; box.scrollTop = 0; return; }
      if (now >= page.due) {
        var count = Math.ceil(box.scrollHeight / (box.clientHeight * 0.75));
        page.row = page.due ? nextPage(box, page.row) : 0;
        page.due = now + Math.max(8000, Math.min(10000, 30000 / count));
        box.removeAttribute("data-tv-row");
      }
      if (box.getAttribute("data-tv-row") !== String(page.row)) {
        showRow(box, page.row);
        box.setAttribute("data-tv-row", String(page.row));
      }
    });
  }
  if (document.body.classList.contains("event-tv")) setInterval(turnPages, 500);
  // A TV opened by its TV link that was replaced since (its poll answers 404): say so on the
  // screen, whose scores would otherwise stand still (templates/events/tv.html's #tv-gone).
  document.addEventListener("htmx:responseError", function (event) {
    var gone = document.getElementById("tv-gone");
    if (gone && event.detail.xhr && event.detail.xhr.status === 404) gone.hidden = false;
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
  // A count being typed in the seats panel (focused, or changed and not sent yet): nothing
  // redraws the panel under it, neither this poll's swap nor the hand form's redraw when the
  // game moved on (hand-keeper.js formBehind: a seat claimed or a round saved moves the game's
  // version; a count moves only its count_version, which redraws no form).
  // The tile picker open counts as typing: a swap would fold it away under the finger.
  function countTyped() {
    var panel = document.getElementById("seats");
    return !!panel && (!!panel.querySelector("[data-tile-picker][open]") ||
      Array.prototype.some.call(panel.querySelectorAll("input[name=pips]"), function (box) {
        return box === document.activeElement || box.value !== box.defaultValue;
      }));
  }
  window.SKSeats = {countTyped: countTyped};
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    var target = event.detail.target, fresh = event.detail.fragment;
    if (!target || target.id !== "seats") return;
    var incoming = fresh && fresh.querySelector ? fresh.querySelector("#seats") || fresh.firstElementChild : null;
    var same = incoming && incoming.getAttribute("data-round") === target.getAttribute("data-round");
    if (same && countTyped()) event.detail.shouldSwap = false;
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
