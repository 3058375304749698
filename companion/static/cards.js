// Cards drawn as cards: a face with its type (a word and a colour, never colour alone), the
// printed name and numbers; and the picker that offers only the cards a field allows.
"use strict";
Object.assign(ZT, {
  // One card. Tappable (a button) when given `onclick`; `pressed` marks a chosen card.
  //   {name, type, typeLabel, text, note, count, small, pressed, onclick, disabled, label, dataset}
  card(c) {
    const tag = c.onclick ? "button" : "div";
    const face = ZT.el(tag, {
      class: ["playcard", `playcard-${c.type || "plain"}`, c.small ? "playcard-small" : "",
        c.onclick ? "playcard-tap" : "", c.extra || ""].join(" "),
      type: c.onclick ? "button" : null,
      onclick: c.onclick || null,
      disabled: c.disabled || null,
      "aria-pressed": c.onclick && c.pressed !== undefined ? String(Boolean(c.pressed)) : null,
      "aria-label": c.onclick ? c.label || ZT.cardWords(c) : null,
      dataset: c.dataset || null,
    },
    c.typeLabel || c.type ? ZT.el("span", { class: "playcard-type" }, c.typeLabel || c.type) : null,
    ZT.el("span", { class: "playcard-name" }, c.name),
    c.text ? ZT.el("span", { class: "playcard-text" }, c.text) : null,
    c.note ? ZT.el("span", { class: "playcard-note" }, c.note) : null,
    c.count !== undefined && c.count !== null ? ZT.el("span", { class: "playcard-count" }, c.count) : null);
    return face;
  },

  // The words a screen reader says for a card: "Pistol, weapon: Weapon +1, 6 uses".
  cardWords(c) {
    const parts = [c.name];
    if (c.typeLabel || c.type) parts.push(`, ${c.typeLabel || c.type}`);
    if (c.text) parts.push(`: ${c.text.replaceAll(" · ", ", ")}`);
    if (c.note) parts.push(` (${c.note})`);
    if (c.count !== undefined && c.count !== null) parts.push(`, ${c.count}`);
    return parts.join("");
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
