// The settings page: this screen's display (kept in this browser), the saved players and the
// PIN (kept on the table, changed through the API).
"use strict";
(() => {
  const { el } = ZT;
  const COLOR_WORDS = { blue: "Blue", red: "Red", green: "Green", purple: "Purple", orange: "Orange", teal: "Teal", pink: "Pink", brown: "Brown" };

  // A row of choices that keeps one chosen; `pick` gets the value.
  function choices(label, options, current, pick) {
    const buttons = options.map(([value, words]) => el("button", {
      type: "button", class: `chip${value === current ? " chosen" : ""}`, "aria-pressed": String(value === current),
      dataset: { value: String(value) },
      onclick: () => {
        for (const b of buttons) {
          b.classList.toggle("chosen", b.dataset.value === String(value));
          b.setAttribute("aria-pressed", String(b.dataset.value === String(value)));
        }
        pick(value);
      },
    }, words));
    return el("div", { role: "group", "aria-label": label, dataset: { setting: label } },
      el("span", { class: "label" }, label), el("div", { class: "chips" }, buttons));
  }

  function display() {
    const now = ZT.display();
    document.getElementById("display-settings").replaceChildren(
      choices("Text size", [["normal", "Normal"], ["large", "Large"], ["largest", "Largest"]], now.text,
        (text) => ZT.setDisplay({ text })),
      choices("Theme", [["day", "Day"], ["night", "Night (dim)"]], now.theme, (theme) => ZT.setDisplay({ theme })),
      choices("Sound", [[false, "Off"], [true, "On"]], now.sound, (sound) => {
        ZT.setDisplay({ sound });
        ZT.sound("tap");
      }));
  }

  async function players() {
    const box = document.getElementById("saved-players");
    let data;
    try {
      data = await ZT.request("GET", "/api/players");
    } catch (error) {
      box.replaceChildren(el("p", { class: "error" }, error.message));
      return;
    }
    const rows = data.players.map((p) => ({ ...p }));
    const save = async () => {
      try {
        const saved = await ZT.send("PUT", "/api/players", { players: rows.filter((p) => p.name.trim()) });
        rows.splice(0, rows.length, ...saved.players);
        ZT.clearNotice();
        ZT.toast("Players saved.");
        draw();
      } catch (error) {
        if (error.status !== 401) ZT.fail(error);
      }
    };
    const draw = () => {
      box.replaceChildren(
        el("ul", { class: "saved-players" }, rows.map((p, i) => {
          const name = el("input", { value: p.name, maxlength: 24, "aria-label": `Name of saved player ${i + 1}` });
          name.addEventListener("input", () => { p.name = name.value; });
          const color = el("select", { "aria-label": `Colour of ${p.name || `saved player ${i + 1}`}` },
            data.colors.map((c) => el("option", { value: c, selected: c === p.color }, COLOR_WORDS[c] || c)));
          color.addEventListener("change", () => { p.color = color.value; draw(); });
          return el("li", { class: "saved-player" },
            el("span", { class: "seat", style: `background: var(--p${data.colors.indexOf(p.color) + 1})`, "aria-hidden": "true" }),
            name, color,
            el("button", { type: "button", "aria-label": `Remove ${p.name}`, onclick: () => { rows.splice(i, 1); draw(); } }, "Remove"));
        })),
        el("div", { class: "row" },
          el("button", { type: "button", onclick: () => {
            rows.push({ name: "", color: data.colors[rows.length % data.colors.length] });
            draw();
            box.querySelector("li:last-child input")?.focus();
          } }, "Add a player"),
          el("button", { type: "button", class: "primary", dataset: { step: "save-players" }, onclick: save }, "Save the players")));
    };
    draw();
  }

  function pin() {
    const form = document.getElementById("pin-change");
    const error = document.getElementById("pin-change-error");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const current = document.getElementById("pin-current").value;
      const next = document.getElementById("pin-new").value;
      if (!(await ZT.confirm("Change the table PIN? Every other tablet and phone will need the new PIN to play.", "Change the PIN"))) return;
      try {
        const data = await ZT.send("POST", "/api/pin", { current, new: next });
        ZT.csrf = data.csrf;
        form.reset();
        ZT.notice("The table PIN is changed. Tell the players the new one.");
      } catch (failure) {
        if (failure.status !== 401) error.textContent = failure.message;
      }
    });
  }

  display();
  players();
  pin();
})();
