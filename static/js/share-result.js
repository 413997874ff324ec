// The game page's "Share" (templates/partials/printing/_game_paper.html): the phone's share
// sheet (Web Share API) with the result card as a file where the phone shares files, else the
// link alone; where there is no share sheet (a desktop, a plain-http address) the link is
// copied and the page says so.
(function () {
  "use strict";
  if (window.skShareResult) return;  // (an event page's swap may bring the script again)
  window.skShareResult = true;
  // The card is fetched as the page loads, so a tap shares at once (a share sheet opens only
  // straight from the tap).
  function show() {
    document.querySelectorAll("button[data-share-url][hidden]").forEach(function (b) {
      b.hidden = false;
      if (b.dataset.shareImage && navigator.canShare && window.File) b.cardFile = card(b.dataset.shareImage);
    });
  }
  function card(url) {
    var file = null;
    fetch(url, { credentials: "same-origin" }).then(function (r) {
      return r.ok ? r.blob() : null;
    }).then(function (blob) {
      if (blob) file = new File([blob], "result.png", { type: "image/png" });
    }).catch(function () {});
    return function () { return file; };
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
  document.addEventListener("htmx:load", show);

  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () { return false; });
    }
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "sr-only";
    document.body.appendChild(field);
    field.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    field.remove();
    return Promise.resolve(ok);
  }

  function withImage(button, data) {
    var file = button.cardFile && button.cardFile();
    var full = file && Object.assign({ files: [file] }, data);
    return full && navigator.canShare(full) ? full : data;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-share-url]");
    if (!button) return;
    var done = button.parentNode.querySelector(".share-done");
    var data = { title: button.dataset.shareTitle, text: button.dataset.shareText, url: button.dataset.shareUrl };
    function copied(ok) {  // (its words: partials/printing/_share_done.html)
      done.textContent = ok ? done.dataset.copied : done.dataset.copyThis.replace("{url}", data.url);
    }
    if (!navigator.share) { copy(data.url).then(copied); return; }
    navigator.share(withImage(button, data)).catch(function (error) {
      if (!error || error.name !== "AbortError") copy(data.url).then(copied);
    });
  });
})();
