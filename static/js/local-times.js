// Times in the phone's own time zone: the server writes UTC (it cannot know the table's zone),
// and without JavaScript the UTC text stays. Run on load and after every htmx swap.
(function () {
  function localize(root) {
    root.querySelectorAll("time[data-local]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) return;
      el.textContent = when.toLocaleString(undefined, {
        month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit"
      });
      el.title = el.getAttribute("datetime");
    });
  }
  document.addEventListener("DOMContentLoaded", function () { localize(document); });
  document.addEventListener("htmx:afterSettle", function (event) { localize(event.target); });
})();
