// Cards drawn as cards: a face with its type (a word and a colour, never colour alone), the
// printed name and numbers; and the picker that offers only the cards a field allows.
"use strict";
Object.assign(ZT, {
  // One card. Tappable (a button) when given `onclick`; `pressed` marks a chosen card; `action`
  // is what a tap does, said to screen readers before the card ("Fight with").
  //   {name, type, typeLabel, text, note, count, small, pressed, onclick, disabled, action, dataset}
  card(c) {
    const tag = c.onclick ? "button" : "div";
    return ZT.el(tag, {
      class: ["playcard", `playcard-${c.type || "plain"}`, c.small ? "playcard-small" : "",
        c.onclick ? "playcard-tap" : "", c.extra || ""].join(" "),
      type: c.onclick ? "button" : null,
      onclick: c.onclick || null,
      disabled: c.disabled || null,
      "aria-pressed": c.onclick && c.pressed !== undefined ? String(Boolean(c.pressed)) : null,
      dataset: c.dataset || null,
    },
    c.action ? ZT.el("span", { class: "visually-hidden" }, `${c.action}: `) : null,
    c.typeLabel || c.type ? ZT.el("span", { class: "playcard-type" }, c.typeLabel || c.type) : null,
    ZT.el("span", { class: "playcard-name" }, c.name),
    c.text ? ZT.el("span", { class: "playcard-text" }, c.text) : null,
    c.note ? ZT.el("span", { class: "playcard-note" }, c.note) : null,
    c.count !== undefined && c.count !== null ? ZT.el("span", { class: "playcard-count" }, c.count) : null);
  },

  // Pick one card among `options` (names); `describe(name)` gives the card's face. Tapping the
  // chosen card again takes it back.
  cardChoice({ label, options, describe, value, onpick }) {
    let chosen = value ?? null;
    const faces = options.map((name) => {
      const face = ZT.card({
        ...describe(name), pressed: chosen === name, onclick: () => {
          chosen = chosen === name ? null : name;
          for (const f of faces) f.setAttribute("aria-pressed", String(f.dataset.value === chosen));
          onpick(chosen ?? undefined);
        }, dataset: { value: name },
      });
      return face;
    });
    return ZT.el("fieldset", { class: "card-choice" },
      ZT.el("legend", {}, label),
      ZT.el("div", { class: "playcard-row" }, faces));
  },
});
