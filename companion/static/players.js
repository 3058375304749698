// Recent players in one tap: above each list of player names on the new-game form, the people
// who played here lately; a tap writes the name in the first empty place.
"use strict";
(() => {
  const SHOWN = 12;

  const fill = (group, name) => {
    const inputs = [...group.querySelectorAll("input.player")];
    const taken = inputs.some((i) => i.value.trim().toLowerCase() === name.toLowerCase());
    const empty = inputs.find((i) => !i.value.trim());
    if (taken || !empty) return;
    empty.value = name;
    empty.dispatchEvent(new Event("input", { bubbles: true }));
  };

  const offer = (players) => {
    for (const group of document.querySelectorAll("#new-game .players")) {
      const chips = ZT.el("div", { class: "recent-players", role: "group", "aria-label": "Recent players" },
        players.slice(0, SHOWN).map((p) => ZT.el("button", {
          type: "button",
          class: "chip recent-player",
          style: `--player: ${p.colour}`,
          title: p.nickname ? `${p.name} (${p.nickname})` : p.name,
          onclick: () => fill(group, p.name),
        }, p.nickname || p.name)));
      group.querySelector(".label").after(chips);
    }
  };

  fetch("/api/players").then((r) => r.json()).then((data) => {
    if (data.known && data.known.length) offer(data.known);
  }).catch(() => {}); // without the list the form works as before
})();
