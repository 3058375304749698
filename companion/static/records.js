// The Records page: a choice of game (for the figures or the turn chart) shows it at once; a
// table wider than its card says that it scrolls sideways.
"use strict";
(() => {
  for (const select of document.querySelectorAll("#filters select, #turns-form select")) {
    select.addEventListener("change", () => select.form.requestSubmit());
  }
  for (const box of document.querySelectorAll(".records .scroll-x")) {
    const hint = box.nextElementSibling;
    if (!hint || !hint.classList.contains("scroll-hint")) continue;
    // a table folded away (the turns under <details>) is 0 wide: no hint until it opens
    const check = () => { hint.hidden = box.scrollWidth <= box.clientWidth + 1; };
    new ResizeObserver(check).observe(box);
    check();
  }
})();
