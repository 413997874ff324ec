// The hand form (partials/games/_hand_form.html), progressive: everything works without this file.
//
// - Focus stays in the form. Every tap re-draws the form (htmx swaps it); htmx puts the focus
//   back on the control with the same id, and when that control is gone (a call button that is
//   no longer legal, Save after a hand was saved) this moves it to the next thing to fill: a
//   call button, the first choice nobody picked, the first empty number box, or Save.
// - The number boxes of a round (Mexican Train's pips): Enter ("Next" on a phone's keypad)
//   moves on to the next empty box instead of submitting; after the last one, to Save.
// - No scroll: after a tap redraws the form, the next thing to fill (its whole row of choices)
//   is brought on screen if it is not, clear of Save (sticky at the bottom of the screen); so is
//   a fold when it is opened.
// - Tricks taken: the one player left blank is shown what the others' leave her, as soon as a
//   count is tapped (the server infers the same count on Save, and redraws the hint).
(function () {
  "use strict";

  var formRequest = null;  // the hand form's latest request (its XMLHttpRequest)

  function form() {
    return document.getElementById("hand-form");
  }

  function visible(el) {
    return !el.closest("details:not([open])") && !el.disabled;
  }

  function nextToFill(f) {
    var call = f.querySelector(".call-grid button:not([disabled])");
    if (call) return call;
    var seen = {};
    var radios = f.querySelectorAll("input[type=radio]");
    for (var i = 0; i < radios.length; i++) {
      var r = radios[i];
      if (seen[r.name] || !visible(r)) continue;
      seen[r.name] = true;
      if (r.closest("[data-hint]")) continue;  // a count that follows from the others'
      if (!f.querySelector('input[type=radio][name="' + r.name + '"]:checked')) return r;
    }
    var boxes = f.querySelectorAll("input[inputmode=numeric]");
    for (var j = 0; j < boxes.length; j++) {
      if (!boxes[j].value && visible(boxes[j])) return boxes[j];
    }
    return f.querySelector("#save-hand");
  }

  function moveTo(el) {
    if (!el) return;
    el.focus({ preventScroll: true });
    var box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: "nearest" });
  }

  function keepInView(el) {
    if (!el) return;
    var group = el.closest(".choices, .count-row, .call-grid, .seat-grid") || el;
    var box = group.getBoundingClientRect();
    var save = document.getElementById("save-row");
    var bottom = window.innerHeight - (save && save !== group ? save.offsetHeight : 0) - 4;
    var by = 0;
    if (box.bottom > bottom) by = Math.min(box.bottom - bottom, box.top - 8);
    else if (box.top < 0) by = box.top - 8;
    if (by) window.scrollBy(0, by);
  }

  function hintTricks(f) {
    var box = f.querySelector(".tricks-rows");
    var rows = box ? box.querySelectorAll(".count-row") : [];
    var blank = [], sum = 0;
    for (var i = 0; i < rows.length; i++) {
      var on = rows[i].querySelector("input:checked");
      if (on) sum += +on.value; else blank.push(rows[i]);
    }
    var left = blank.length === 1 ? String(+box.dataset.tricks - sum) : null;
    var chips = f.querySelectorAll(".tricks-rows .chip");
    for (var j = 0; j < chips.length; j++) {
      var input = chips[j].querySelector("input");
      chips[j].classList.toggle("inferred", input.closest(".count-row") === blank[0] &&
                                            input.value === left);
    }
  }

  // a fold opened by a tap (the contracts, the bids, the points caught): what it shows comes
  // on screen (a fold drawn open, on a load or a redraw, moves nothing)
  document.addEventListener("click", function (ev) {
    var summary = ev.target.closest && ev.target.closest("#hand-form summary");
    if (!summary) return;
    setTimeout(function () {
      if (summary.parentNode.open) keepInView(summary.parentNode);
    }, 0);
  });

  document.addEventListener("change", function (ev) {
    var f = form();
    if (f && ev.target.matches && ev.target.matches(".tricks-rows input")) hintTricks(f);
  });

  // A request of the form itself (a change: a pick, a number typed, a redraw asked by
  // hand-keeper.js or live.js) carries its fields only. htmx adds the button that has the
  // focus, and the call tapped last has it again in the form its answer drew: sent along, that
  // call would be made a second time, or land in the next hand.
  var FORM_BUTTONS = ["call", "set_mode", "set_points_mode"];  // hand_form.FORM_BUTTONS
  document.addEventListener("htmx:configRequest", function (ev) {
    var f = form(), detail = ev.detail;
    if (!f || detail.elt !== f) return;
    FORM_BUTTONS.forEach(function (name) {
      if (detail.formData) detail.formData.delete(name);
      else delete detail.parameters[name];
    });
  });

  document.addEventListener("htmx:beforeRequest", function (ev) {
    var f = form();
    var elt = ev.detail && ev.detail.elt;
    if (f && elt && (elt === f || f.contains(elt))) formRequest = ev.detail.xhr;
  });

  // Only the answer to the form's own request moves things: a live update from another phone
  // never moves the focus, and a poll sent while a tap's answer is on its way leaves that
  // answer its move (a flag reset by every request lost it, and the next row stayed off screen).
  document.addEventListener("htmx:afterSettle", function (ev) {
    if (!formRequest || !ev.detail || ev.detail.xhr !== formRequest) return;
    formRequest = null;
    var f = form();
    if (!f) return;
    var active = document.activeElement;
    var lost = !active || active === document.body || !document.contains(active);
    var stuck = active && active.id === "save-hand" && active.getAttribute("aria-disabled") === "true";
    var next = nextToFill(f);
    if (lost || stuck) moveTo(next);
    keepInView(next);
  });

  document.addEventListener("keydown", function (ev) {
    var box = ev.target;
    if (ev.key !== "Enter" || !box.matches || !box.matches("#hand-form input[data-advance]")) return;
    ev.preventDefault();
    var boxes = Array.prototype.slice.call(box.form.querySelectorAll("input[data-advance]"));
    var after = boxes.slice(boxes.indexOf(box) + 1).concat(boxes.slice(0, boxes.indexOf(box)));
    var next = null;
    for (var i = 0; i < after.length; i++) {
      if (!after[i].value) { next = after[i]; break; }
    }
    moveTo(next || box.form.querySelector("#save-hand"));
  });
})();
