// The settings page: this screen's display (kept in this browser), the players (their names,
// colours and nicknames, renames and merges) and the PIN (kept on the table, changed through the
// API).
"use strict";
(() => {
  const { el } = ZT;
  // The design's player colours (docs/DESIGN.md), in the order the table lists them.
  const COLOUR_WORDS = ["Blue", "Red", "Green", "Purple", "Orange", "Teal", "Pink", "Brown"];

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

  // Each player opens to a small form: name, nickname and colour saved together; a merge into
  // another player asks first.
  async function players() {
    const box = document.getElementById("known-players");
    let data;
    try {
      data = await ZT.request("GET", "/api/players");
    } catch (error) {
      box.replaceChildren(el("p", { class: "error" }, error.message));
      return;
    }
    const change = async (method, path, body, said) => {
      try {
        await ZT.send(method, path, body);
        ZT.clearNotice();
        ZT.toast(said);
        players();
      } catch (error) {
        if (error.status !== 401) ZT.fail(error);
      }
    };
    const row = (p) => {
      const name = el("input", { value: p.name, maxlength: 24, "aria-label": `Name of ${p.name}` });
      const nickname = el("input", { value: p.nickname || "", maxlength: 12, "aria-label": `Nickname of ${p.name}` });
      const colour = el("select", { "aria-label": `Colour of ${p.name}` },
        data.colours.map((c, i) => el("option", { value: c, selected: c === p.colour }, COLOUR_WORDS[i] || c)));
      const others = data.known.filter((o) => o.id !== p.id);
      const into = el("select", { "aria-label": `Merge ${p.name} into` },
        others.map((o) => el("option", { value: o.id }, o.name)));
      const save = () => {
        const body = {};
        if (name.value.trim() !== p.name) body.name = name.value.trim();
        if (nickname.value.trim() !== (p.nickname || "")) body.nickname = nickname.value.trim();
        if (colour.value !== p.colour) body.colour = colour.value;
        if (!Object.keys(body).length) return ZT.toast("Nothing to save.");
        return change("PATCH", `/api/players/${encodeURIComponent(p.id)}`, body, `${body.name || p.name} saved.`);
      };
      const merge = async () => {
        const target = others.find((o) => o.id === into.value);
        if (!target || !(await ZT.confirm(`Count ${p.name}'s games as ${target.name}'s from now on?`, "Merge"))) return;
        change("POST", `/api/players/${encodeURIComponent(p.id)}/merge`, { into: target.id }, `${p.name} merged into ${target.name}.`);
      };
      return el("li", { class: "known-player", dataset: { player: p.id } }, el("details", {},
        el("summary", {},
          el("span", { class: "seat", style: `background: ${p.colour}`, "aria-hidden": "true" }),
          el("strong", {}, p.name), p.nickname ? ` (${p.nickname})` : "",
          el("span", { class: "muted" }, ` · ${p.games} ${p.games === 1 ? "game" : "games"}`)),
        el("div", { class: "stack" },
          el("label", {}, "Name", name), el("label", {}, "Nickname (up to 12 letters)", nickname),
          el("label", {}, "Colour", colour),
          el("button", { type: "button", class: "primary", dataset: { step: "save-player" }, onclick: save }, "Save"),
          others.length ? el("div", { class: "row merge" }, el("label", {}, "The same person as", into),
            el("button", { type: "button", dataset: { step: "merge-player" }, onclick: merge }, "Merge")) : null)));
    };
    box.replaceChildren(data.known.length
      ? el("ul", { class: "known-players" }, data.known.map(row))
      : el("p", { class: "muted" }, "Nobody yet: players appear here after their first game."));
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
