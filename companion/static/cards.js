// Cards drawn as cards: a named card's face with its type (a word and a colour, never colour
// alone), the printed name and numbers; a playing card's rank over its suit symbol; and the
// pickers that offer only the cards a field allows.
"use strict";
Object.assign(ZT, {
  SUITS: { C: "♣", D: "♦", H: "♥", S: "♠" },
  SUIT_NAMES: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  RANKS: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],

  // A playing card in a line of text: "10♥", "Joker".
  cardLabel(code) {
    return code.startsWith("JK") ? "Joker" : `${code.slice(0, -1)}${ZT.SUITS[code.slice(-1)]}`;
  },

  // A playing card's name as a player says it: "10 of hearts", "joker".
  cardWords(code) {
    return code.startsWith("JK") ? "joker" : `${code.slice(0, -1)} of ${ZT.SUIT_NAMES[code.slice(-1)]}`;
  },

  // A playing card drawn as a card: rank over suit symbol, red suits in red, the card named for
  // screen readers. `size` is small, medium or big; `onclick` makes it a button; `plain` when it
  // lies inside a button (whose text is then the card's); `down` draws its back.
  playingCard(code, { size, onclick, plain, dataset, down } = {}) {
    const joker = code.startsWith("JK");
    const suit = joker ? "" : code.slice(-1);
    const tag = onclick ? "button" : "span";
    const read = !(onclick || plain || down);
    return ZT.el(tag, {
      type: onclick ? "button" : null,
      onclick: onclick || null,
      class: ["pcard", `pcard-${size || "small"}`, suit === "D" || suit === "H" ? "pcard-red" : "",
        joker ? "pcard-joker" : "", down ? "pcard-down" : ""].join(" "),
      role: read ? "img" : null,
      "aria-label": read || onclick ? ZT.cardWords(code) : null,
      "aria-hidden": down ? "true" : null,
      dataset: { card: code, ...(dataset || {}) },
    }, down ? null : [
      ZT.el("span", {}, joker ? "Joker" : code.slice(0, -1)),
      suit ? ZT.el("span", { class: "pcard-suit" }, ZT.SUITS[suit]) : null,
    ]);
  },

  // One playing card in two taps: its rank, then its suit; jokers have their own buttons. Only
  // the ranks and suits the field allows (what can still be in that pile) can be picked; a
  // greyed one says why, in its title and in a line under the picker (a greyed rank once
  // tapped, as a touch screen shows no title). `where(card)`, where a game knows it, says where
  // such a card is ("in your hand").
  cardPicker(field, set, where) {
    let rank = null;
    const allowed = field.options && field.options.length ? new Set(field.options) : null;
    const can = (card) => !allowed || allowed.has(card);
    // Greyed cards' reasons, the cards with the same one named together.
    const whys = (cards) => {
      const by = new Map();
      for (const c of cards) {
        const reason = where?.(c) || "cannot be in this pile";
        by.set(reason, [...(by.get(reason) || []), ZT.cardLabel(c)]);
      }
      return [...by].map(([reason, labels]) => `${new Intl.ListFormat("en").format(labels)} ${reason}`).join("; ");
    };
    const codes = (r) => Object.keys(ZT.SUITS).map((s) => r + s);
    // What is picked so far, in words: the rank asked for, then the suit, then the card itself.
    const shown = ZT.el("span", { class: "card-shown" }, "tap its rank");
    const note = ZT.el("p", { class: "card-why" });
    const explain = (words) => { note.textContent = words; note.hidden = !words; };
    const pick = (card) => { shown.replaceChildren(ZT.playingCard(card, { size: "small" })); set(card); };
    const suits = Object.entries(ZT.SUITS).map(([s, symbol]) => ZT.el("button", {
      class: `chip suit s-${s}`, "aria-label": ZT.SUIT_NAMES[s], disabled: true, dataset: { suit: s },
      onclick: () => pick(rank + s),
    }, symbol));
    const ranks = ZT.RANKS.map((r) => {
      const none = !codes(r).some(can);
      const reasons = none ? whys(codes(r)) : null;
      return ZT.el("button", {
        class: `chip rank${none ? " greyed" : ""}`, dataset: { rank: r },
        "aria-disabled": none ? "true" : null, title: reasons,
        onclick: (event) => {
          if (none) { explain(`Greyed: ${reasons}.`); return; }
          rank = r;
          shown.replaceChildren(`${r}, now its suit`);
          for (const b of ranks) b.classList.toggle("chosen", b === event.currentTarget);
          for (const b of suits) {
            b.disabled = !can(r + b.dataset.suit);
            b.title = b.disabled ? whys([r + b.dataset.suit]) : "";
          }
          const greyed = codes(r).filter((c) => !can(c));
          explain(greyed.length ? `Greyed: ${whys(greyed)}.` : "");
        },
      }, r);
    });
    const jokers = ["JK1", "JK2"].filter(can)
      .map((j) => ZT.el("button", { class: "chip", onclick: () => pick(j) }, j === "JK1" ? "Joker" : "Joker 2"));
    explain(ranks.some((b) => b.classList.contains("greyed")) ? "A greyed rank cannot be in this pile: tap it to see why." : "");
    return ZT.el("div", { class: "card-picker" }, ZT.el("span", { class: "label" }, field.label, ": ", shown),
      ZT.el("div", { class: "chips" }, ranks), ZT.el("div", { class: "chips" }, suits, jokers), note);
  },

  // Several playing cards, one pick at a time, with a way to start again. After each pick the
  // picker starts afresh for the next card, until the field's most are picked.
  cardsPicker(field, set) {
    const cards = [];
    const list = ZT.el("span", { class: "card-shown" });
    const clear = ZT.el("button", { class: "small", onclick: () => { cards.length = 0; show(); set(field.min ? undefined : []); } }, "Clear");
    const add = (card) => { cards.push(card); show(); set([...cards]); };
    let picker = null;
    const show = () => {
      list.replaceChildren(...(cards.length ? cards.map((c) => ZT.playingCard(c, { size: "small" })) : ["none yet"]));
      clear.hidden = !cards.length;
      // a card named is no longer offered (where the field says which cards there are)
      const options = [...(field.options || [])];
      for (const c of cards) if (options.includes(c)) options.splice(options.indexOf(c), 1);
      const full = (field.max !== null && field.max !== undefined && cards.length >= field.max)
        || (field.options?.length > 0 && !options.length);
      const fresh = full ? ZT.el("span")
        : ZT.cardPicker({ ...field, options, label: cards.length ? "Add another" : "Add" }, add);
      if (picker) picker.replaceWith(fresh);
      picker = fresh;
    };
    show();
    if (!field.min) set([]);
    return ZT.el("div", { class: "cards-picker" }, ZT.el("span", { class: "label" }, field.label, ": "), list, clear, picker);
  },

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
