// The club's new-game form (templates/partials/clubs/_seats.html): the "who deals first"
// choices show the name picked from the roster or typed for each seat, else the seat's own
// words in the page's language (its data-empty: "Seat 1"). An enhancement only: without it
// the form works the same.
(function () {
  if (window.skSeatPicker) return;  // htmx runs this again when it swaps the form in
  window.skSeatPicker = true;
  function update(event) {
    var m = /^(?:person|name)-(\d+)$/.exec(event.target.name || "");
    var form = event.target.form;
    if (!m || !form || !form.querySelector(".seat-picker")) return;
    var chip = form.querySelector('[data-seat="' + m[1] + '"]');
    if (!chip) return;
    var typed = form.querySelector('input[name="name-' + m[1] + '"]');
    var picked = form.querySelector('select[name="person-' + m[1] + '"]');
    chip.textContent = (typed && typed.value.trim())
      || (picked && picked.value && picked.options[picked.selectedIndex].text)
      || chip.getAttribute("data-empty");
  }
  document.addEventListener("change", update);
  document.addEventListener("input", update);
})();
