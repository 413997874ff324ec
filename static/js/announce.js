// The game page's live region (partials/games/_announcer.html): after any htmx swap (a save, an
// undo, a live poll), say the scoreboard's sentence (#say, partials/games/_announce.html) when
// it differs from the last one said. What the page showed when it loaded is not said: the
// reader reads the page itself then.
(function () {
  var region = document.getElementById("announcer");
  if (!region) return;
  function sentence() {
    var say = document.getElementById("say");
    return say ? say.getAttribute("data-say") || "" : "";
  }
  var said = sentence();
  document.addEventListener("htmx:afterSettle", function () {
    var text = sentence();
    if (text && text !== said) {
      said = text;
      region.textContent = text;
    }
  });
})();
