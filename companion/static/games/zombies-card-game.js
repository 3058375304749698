// ZOMBIES!!! The Card Game screen: the current location as a map card, this turn's combat rolls,
// a panel per player (draw deck on its way to the helipad, bullets, hand, cards in front), the
// map stack; the turn's step in the action bar; card plays in the sheet, counts narrowed to what
// the chosen player's pile holds.
"use strict";
(() => {
  const { el } = ZT;
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const STEPS = [["map", "Map card"], ["fight", "Fight"], ["pay", "Pay"], ["after", "End turn"]];
  const KIND_NAMES = { weapon: "weapon", lasting: "in front", "no-guts": "in front", "brain-cramp": "in front", "power-outage": "in front" };

  const placeName = (card) => card.name || "Unnamed location";

  // A map card: its name, whether it is a building, its zombies.
  function mapCard(card, extra) {
    return ZT.card({
      type: "map", typeLabel: card.building ? "map · building" : "map card", name: placeName(card),
      text: plural(card.zombies, "zombie"), ...extra,
    });
  }

  // A card lying in front of a player: a weapon with what it adds, or a lasting card.
  function frontCard(snapshot, card) {
    const arm = snapshot.legal.find((s) => s.kind === "arm" && s.params.weapon === card.card);
    const notes = [card.place ? `at ${card.place}` : null, card.target ? `on ${card.target}` : null,
      card.picked ? "fighting with it" : null].filter((n) => n);
    return ZT.card({
      type: card.kind === "weapon" ? "weapon" : "lasting", typeLabel: KIND_NAMES[card.kind] || "in front",
      name: card.name, text: card.kind === "weapon" ? `${signed(card.bonus)} to a combat roll` : "",
      note: notes.join(" · "), small: true, pressed: arm ? Boolean(card.picked) : undefined,
      extra: card.picked ? "zc-picked" : "", dataset: { card: card.card },
      onclick: arm ? () => ZT.act("arm", { weapon: card.card }).catch(() => {}) : null,
      action: arm ? "Fight with" : null,
    });
  }

  function steps(view) {
    return ZT.phases("Steps of the turn", STEPS.map(([key, label]) => [label, key === view.phase]));
  }

  function location(view) {
    const top = view.location;
    if (!top) return el("div", { class: "zc-location zc-empty" }, "No map card yet");
    const fighting = ["fight", "pay"].includes(view.phase);
    return el("div", { class: "zc-location", dataset: { card: top.card } },
      mapCard(top, { extra: "zc-here" }),
      el("div", { class: "zc-here-notes" },
        el("div", { class: "zc-label" }, `Current location, laid by ${top.owner}`),
        fighting || (view.zombies_left && view.phase !== "over") // nobody fights once someone won
          ? el("div", { class: "zc-left" }, `${view.zombies_left} still to fight`) : null,
        view.roll_change ? el("div", { class: "zc-change" }, `Next roll ${signed(view.roll_change)} from cards`) : null,
        view.fighting_over ? el("div", { class: "zc-over" }, "Fighting is over for this turn") : null));
  }

  function mapStack(view) {
    const cards = view.map_stack.cards;
    if (!cards.length) return null;
    return el("details", { class: "zc-map" },
      el("summary", {}, `Map stack: ${plural(cards.length, "card")} · ${view.map_stack.spare} can pay for rolls`),
      el("ol", { class: "zc-stack" }, cards.map((c, i) => el("li", {
        class: i === cards.length - 1 ? "zc-top" : "",
      }, `${placeName(c)}${c.building ? " (building)" : ""} · ${plural(c.zombies, "zombie")}${i === cards.length - 1 ? " · top" : i === 0 ? " · pays first" : ""}`))));
  }

  function panel(snapshot, view, p) {
    const gone = Math.max(0, p.deck_start - p.deck);
    const progress = p.deck_start ? Math.min(100, Math.round((100 * gone) / p.deck_start)) : 0;
    const won = view.winners.includes(p.name);
    return el("section", {
      class: ["zc-panel", p.current ? "zc-current" : "", p.alive ? "" : "zc-dead", won ? "zc-winner" : ""].join(" "),
      dataset: { player: p.name }, "aria-label": p.name,
    },
    el("header", { class: "zc-head" },
      el("h3", {}, p.name),
      p.current ? el("span", { class: "zc-flag zc-turn" }, "their turn") : null,
      !p.alive ? el("span", { class: "zc-flag zc-eaten" }, "eaten") : null,
      won ? el("span", { class: "zc-flag zc-won" }, "escaped!") : null,
      p.played_this_round ? el("span", { class: "zc-flag" }, "card played this round") : null),
    p.alive ? el("div", { class: "zc-helipad" },
      el("div", { class: "zc-deck" }, `${plural(p.deck, "card")} to the helipad`),
      el("div", { class: "zc-bar", role: "progressbar", "aria-label": `${p.name}'s way to the helipad`,
        "aria-valuenow": progress, "aria-valuemin": 0, "aria-valuemax": 100 },
      el("div", { class: "zc-fill", style: `width: ${progress}%` })))
      : el("p", { class: "zc-deck" }, "Eaten: out of the game, whatever their cards"),
    el("div", { class: "zc-counts" },
      el("span", { class: "zc-bullets" }, plural(p.bullets, "bullet")),
      el("span", { class: "zc-hand" }, `${p.hand} in hand`),
      p.out ? el("span", {}, `${p.out} out of the game`) : null),
    p.in_play.length ? el("div", { class: "playcard-row" }, p.in_play.map((c) => frontCard(snapshot, c))) : null);
  }

  function rollLine(r, waiting) {
    const parts = [`rolled ${r.die}`];
    if (r.weapon) parts.push(` ${signed(r.bonus)} ${r.weapon}`);
    if (r.change) parts.push(` ${signed(r.change)} cards`);
    if (r.weapon || r.change) parts.push(` = ${r.total}`);
    const means = [];
    if (r.bullets) means.push(plural(r.bullets, "bullet"));
    if (r.map_cards) means.push(plural(r.map_cards, "map stack card"));
    if (r.unpaid) means.push(`${r.unpaid} left unpaid`);
    // a roll set aside by a card was never paid for: its shortfall is not told
    const owed = r.short && r.result !== "rolled again";
    const pay = owed ? ` · ${r.short} short of 4: ${means.join(" and ") || "nothing to pay with"}` : "";
    const result = waiting ? "waiting to be paid" : r.result + (r.drew ? ", drew a card" : "");
    return el("li", { class: ["zc-roll", `zc-${r.result.replace(/[ ,]+/g, "-")}`, waiting ? "zc-waiting" : ""].join(" ") },
      el("span", { class: "zc-roll-head" }, `Zombie ${r.zombie}: `), parts.join(""),
      pay ? el("span", { class: "zc-pay" }, pay) : null,
      el("strong", { class: "zc-result" }, ` → ${result}`),
      waiting ? el("span", { class: "zc-still" }, " · cards may still be played on it") : null);
  }

  function combat(view) {
    const rows = view.combat.map((r) => rollLine(r, false));
    if (view.waiting_roll) rows.push(rollLine(view.waiting_roll, true));
    if (!rows.length) return null;
    return el("section", { class: "zc-combat", "aria-label": `${view.current}'s combat rolls` }, el("ol", {}, rows));
  }

  // -- entering a step or a card play -----------------------------------------------------------

  const valueOf = (o) => (typeof o === "object" ? o.value : o);
  const labelOf = (o) => (typeof o === "object" ? o.label : String(o));

  // Chips for a choice; `why(value)` gives the reason a value cannot be chosen now, or null.
  function chips(label, options, onpick, why, chosen) {
    const buttons = options.map((o) => {
      const reason = why ? why(valueOf(o)) : null;
      return el("button", {
        type: "button", class: chosen !== undefined && valueOf(o) === chosen ? "chip chosen" : "chip",
        "aria-pressed": String(chosen !== undefined && valueOf(o) === chosen),
        disabled: Boolean(reason), dataset: { value: String(valueOf(o)) },
        onclick: (event) => {
          for (const b of buttons) {
            b.classList.toggle("chosen", b === event.currentTarget);
            b.setAttribute("aria-pressed", String(b === event.currentTarget));
          }
          onpick(valueOf(o));
        },
      }, labelOf(o), reason ? el("span", { class: "chip-why" }, ` (${reason})`) : null);
    });
    return el("fieldset", { class: "choice" }, el("legend", {}, label), el("div", { class: "chips" }, buttons));
  }

  // The numbers a count may take: from its min to its max, and never more than the pile of the
  // player chosen in the field it depends on (`max_by`).
  function countOptions(field, values) {
    let high = field.max;
    if (field.max_by) {
      const by = values[field.max_by.field];
      if (by === undefined) return null;
      high = Math.min(high, field.max_by.max[by] ?? 0);
    }
    const out = [];
    for (let n = field.min; n <= high; n += 1) out.push({ value: n, label: field.min < 0 ? signed(n) : String(n) });
    return out;
  }

  // The pile a count of cards comes from: how it is said, and why an empty one cannot give any.
  const PILES = {
    draw: ["left in the draw deck", "draw deck empty"],
    "lose-bullets": ["bullets", "no bullets"],
    "add-bullets": ["left in the draw deck", "draw deck empty"],
    discard: ["in hand", "no cards in hand"],
  };

  // One field of a card play. `form` holds the values entered so far and redraws the fields that
  // depend on them (the counts follow the chosen player's pile).
  function playInput(field, spec, form, set) {
    const effect = form.effect;
    if (field.name === "player") { // whose turn it is plays it, unless another player is tapped
      const current = ZT.snapshot.view.current;
      if (form.values.player === undefined && field.options.some((o) => valueOf(o) === current)) form.values.player = current;
      if (form.values.player !== undefined) set(form.values.player);
      return chips(field.label, field.options, (v) => { form.values.player = v; set(v); }, null, form.values.player);
    }
    if (field.name === "target") {
      const amount = form.fields.find((f) => f.name === "amount" && f.max_by);
      const why = amount ? (name) => (amount.max_by.max[name] ? null : PILES[effect]?.[1] || "none") : null;
      return chips(field.label, field.options, (v) => { form.values.target = v; set(v); form.changed(); }, why, form.values.target);
    }
    if (field.type === "int") {
      const box = el("div", { class: "zc-count" });
      const draw = () => {
        const options = countOptions(field, form.values);
        if (!options) {
          box.replaceChildren(el("p", { class: "zc-wait" }, `${field.label}: choose the player first.`));
          set(undefined);
          return;
        }
        if (form.values[field.name] !== undefined && !options.some((o) => o.value === form.values[field.name])) {
          form.values[field.name] = undefined;
          set(undefined);
        }
        const by = field.max_by ? form.values[field.max_by.field] : null;
        const label = by ? `${field.label} (${by}: ${field.max_by.max[by]} ${PILES[effect]?.[0] || "in the pile"})` : field.label;
        box.replaceChildren(chips(label, options, (v) => { form.values[field.name] = v; set(v); }, null, form.values[field.name]));
      };
      form.listeners.push(draw);
      draw();
      return box;
    }
    if (field.type === "effect") return alsoInput(field, set);
    return null;
  }

  // The optional second effect of the same card (ZC-T15): "nothing else", or one of the effects
  // possible now with its own inputs.
  function alsoInput(field, set) {
    const box = el("div", { class: "zc-fields" });
    const values = {};
    const inner = { effect: null, values, fields: [], listeners: [], changed: () => inner.listeners.forEach((f) => f()) };
    set(null);
    const ready = () => {
      if (!inner.effect) return set(null);
      const done = inner.fields.every((f) => values[f.name] !== undefined);
      set(done ? { effect: inner.effect, ...values } : undefined);
    };
    const pick = chips(`${field.label} (only when the card says so)`, [{ value: "", label: "nothing else" }, ...field.options], (key) => {
      const option = field.options.find((o) => o.value === key);
      inner.effect = option ? key : null;
      inner.fields = option ? option.fields : [];
      inner.listeners = [];
      for (const k of Object.keys(values)) delete values[k];
      box.replaceChildren(...inner.fields.map((f) => playInput(f, null, inner, (v) => { values[f.name] = v; ready(); })
        || ZT.input(f, {}, ZT.snapshot, (v) => { values[f.name] = v; ready(); })));
      ready();
    }, null, "");
    return el("div", { class: "zc-also" }, pick, box);
  }

  // The map card: its name and whether it is a building, if the players like; then the zombies it
  // shows, whose tap lays it.
  function mapInput(field, set) {
    if (field.name === "location") {
      const input = el("input", { type: "text", id: "zc-location", maxlength: 40, autocomplete: "off" });
      input.addEventListener("input", () => set(input.value.trim()));
      set("");
      return el("div", { class: "zc-name" }, el("label", { for: "zc-location" }, "Location name (if you like)"), input);
    }
    if (field.name === "building") {
      set("no");
      return chips("A building?", field.options, set, null, "no");
    }
    const options = [];
    for (let n = field.min; n <= field.max; n += 1) options.push(n);
    return ZT.sends(chips("Zombies on the map card (a tap lays it on the map stack)", options, (n) => set(n, { send: true })));
  }

  const forms = new WeakMap(); // a card play's spec -> the values entered in its form

  function formOf(spec) {
    if (!forms.has(spec)) {
      const form = { effect: spec.params.effect, values: {}, fields: spec.fields, listeners: [] };
      form.changed = () => form.listeners.forEach((f) => f());
      forms.set(spec, form);
    }
    return forms.get(spec);
  }

  const PRIMARY = { map: ["map"], fight: ["roll"], pay: ["pay"], after: ["end_turn"] };

  ZT.register("zombies-card-game", {
    render(snapshot, board) {
      const view = snapshot.view;
      board.append(el("div", { class: "zc" },
        el("div", { class: "zc-top" }, steps(view), location(view)),
        combat(view),
        el("div", { class: "zc-panels" }, view.players.map((p) => panel(snapshot, view, p))),
        mapStack(view),
        el("p", { class: "muted zc-box" }, `${view.deal} cards each · ${view.box} in the box · lost cards go ${view.lost_cards === "bullet pile" ? "onto the bullet pile" : "out of the game"} · cards are played from the menu`)));
    },

    scores(snapshot) {
      const view = snapshot.view;
      // Cards still to go: fewest is best, and an eaten player's count no longer counts (they
      // rank after everyone still alive).
      return view.players.map((p) => ({
        name: p.name, score: p.alive ? String(p.deck) : "eaten", current: p.current, out: !p.alive,
        note: p.alive ? "to go" : "", unit: p.alive ? `${p.deck === 1 ? "card" : "cards"} to go` : "",
        rank: p.alive ? -p.deck : -Infinity,
      }));
    },

    primary(snapshot) {
      return PRIMARY[snapshot.view.phase] || [];
    },

    input(field, spec, snapshot, set) {
      // The combat die under what the roll adds up to (the zombie, the weapon, the cards' change).
      if (field.type === "roll") return ZT.rollInput(field, spec, snapshot, set, { labelled: true, send: true });
      if (spec.kind === "map") return mapInput(field, set);
      if (spec.kind === "play") return playInput(field, spec, formOf(spec), set);
      return null;
    },

    moment(signal, entry) {
      if (signal === "bust") return { title: "Eaten!", text: `${entry.player} is out of the game.` };
      if (signal === "wound") return { title: "Paid from the map stack", text: "No draw, the cards in front are lost, and the fight is over." };
      if (signal === "attention") return false;
      return null;
    },
  });
})();
