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

  // The new-game form (partials/games/_new_game.html): the dealer choices show the names as typed.
  document.addEventListener("input", function (event) {
    var input = event.target, form = input.form;
    if (!form || form.id !== "setup-form") return;
    var m = /^name-(\d+)$/.exec(input.name || "");
    var seat = m && form.querySelector('[data-seat="' + m[1] + '"]');
    if (seat) seat.textContent = input.value.trim() || "Seat " + (+m[1] + 1);
  });
})();
