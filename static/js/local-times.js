// Times in the phone's own time zone: the server writes UTC (it cannot know the table's zone),
// and without JavaScript the UTC text stays. Run on load and after every htmx swap. Written as
// the page's language writes them: the phone's own way when it is a way of that language
// (en-GB on an English page), else the language's (Spanish as Latin America writes it, as
// the server does: scorekeeper/filters.py).
(function () {
  var language = document.documentElement.lang || "en";
  var locale = (navigator.languages || []).filter(function (tag) {
    return tag.split("-")[0].toLowerCase() === language;
  })[0] || ({es: "es-419"}[language] || language);
  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) return;
      el.textContent = when.toLocaleString(locale, {
        month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit"
      });
      el.title = el.getAttribute("datetime");
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localize(document); });
  document.addEventListener("htmx:afterSettle", function (event) { localize(event.target); });
})();
