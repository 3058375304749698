// The Records page: a choice of game (for the figures or the turn chart) shows it at once.
"use strict";
(() => {
  for (const select of document.querySelectorAll("#filters select, #turns-form select")) {
    select.addEventListener("change", () => select.form.requestSubmit());
  }
})();
