// Zombified screen: a panel per player (survivors with their weapons, location, horde) drawn as
// cards, the attack under way, this turn's events, and every 2D6 roll added up. The phase's step
// is in the action bar; a card is named by tapping it among the cards that can still be there, and
// the tap that fills a step's last input sends the step (no greyed button waits for it).
"use strict";
(() => {
  const { el } = ZT;
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const PHASE_NAMES = {
    draw: "Draw", survivor: "Survivor", location: "Location", zombie: "Zombie", weapon: "Weapon",
    penetration: "Penetration", fire: "Fire", escape: "Escape", end: "End",
  };
  const STATUS_LABELS = {
    attacking: "on its way", incoming: "incoming", chasing: "chasing", "held off": "held off",
    aiming: "aiming", targeted: "targeted", fired: "has fired", escaped: "escaped", caught: "caught",
  };
  const EFFECT_WORDS = { escape: "Escape", safety: "Safety", penetration: "Penetration", speed: "Speed", toughness: "Toughness" };
  let picked = null; // the survivor chosen for a tap-to-aim attack

  const legal = (snapshot, kind) => snapshot.legal.find((spec) => spec.kind === kind);
  const offered = (spec, field, value) => {
    const f = spec && spec.fields.find((x) => x.name === field);
    return Boolean(f && f.options.some((o) => (typeof o === "object" ? o.value : o) === value));
  };

  // The face of a card of the deck, by its printed name.
  function face(view, name, extra) {
    const card = view.cards[name] || { type: "plain", text: "" };
    return { name, type: card.type, typeLabel: card.type, text: card.text, ...extra };
  }

  function survivorCard(snapshot, p, s) {
    const aim = legal(snapshot, "aim");
    const destroy = legal(snapshot, "destroy");
    const canAim = offered(aim, "survivor", s.id);
    const canDestroy = offered(destroy, "survivor", s.id);
    const weapon = s.weapon
      ? `${s.weapon.card} ${signed(s.weapon.bonus)}${s.weapon.max_uses ? `, ${s.weapon.uses} of ${s.weapon.max_uses} uses` : ""}`
      : "no weapon";
    const status = s.status ? STATUS_LABELS[s.status] || s.status : null;
    const onclick = canDestroy
      ? () => ZT.act("destroy", { survivor: s.id })
      : canAim ? () => { picked = picked === s.id ? null : s.id; ZT.render(snapshot, true); } : null;
    return ZT.card({
      type: "survivor", typeLabel: `survivor #${s.id}${s.strong ? " · strong" : ""}`, name: s.card,
      text: `Escape ${signed(s.escape)} · Weapon ${signed(s.weapon_bonus)} · ${weapon}`,
      note: [s.injuries.length ? s.injuries.join(", ") : null, status].filter((x) => x).join(" · "),
      small: true, dataset: { id: s.id }, onclick, pressed: canAim ? picked === s.id : undefined,
      extra: s.status ? `zf-${s.status.replace(" ", "-")}` : "",
      action: canDestroy ? "Destroy" : canAim ? "Attack with" : null,
    });
  }

  function zombieCard(snapshot, p, z) {
    const aim = legal(snapshot, "aim");
    const target = picked !== null && offered(aim, "zombie", z.id);
    const onclick = target ? () => {
      const survivor = picked;
      picked = null;
      ZT.act("aim", { survivor, zombie: z.id });
    } : null;
    const status = z.status ? STATUS_LABELS[z.status] || z.status : null;
    return ZT.card({
      type: "zombie", typeLabel: `zombie #${z.id}${z.bitten ? " · bitten" : ""}`, name: z.card,
      text: `Penetration ${signed(z.penetration)} · Toughness ${signed(z.toughness)} · Speed ${signed(z.speed)}`,
      note: status, small: true, dataset: { id: z.id }, onclick,
      extra: z.status ? `zf-${z.status.replace(" ", "-")}` : "",
      action: target ? "Attack" : null,
    });
  }

  function phases(view) {
    return ZT.phases("Phases of the turn", view.phases.map((p) => [PHASE_NAMES[p], p === view.phase]));
  }

  function panel(snapshot, view, p) {
    return el("section", {
      class: ["zf-panel", p.is_current ? "zf-current" : "", p.under_attack ? "zf-defending" : ""].join(" "),
      dataset: { player: p.name }, "aria-label": p.name,
    },
    el("header", { class: "zf-head" },
      el("h3", {}, p.name),
      el("span", { class: "zf-count" }, plural(p.survivor_count, "survivor")),
      el("span", {}, `· ${p.hand} in hand`),
      p.is_current ? el("span", { class: "zf-flag zf-turn" }, "their turn") : null,
      p.under_attack ? el("span", { class: "zf-flag zf-attacked" }, "under attack") : null,
      p.had_empty_draw ? el("span", { class: "zf-flag" }, "had a turn with nothing to draw") : null),
    el("div", { class: "playcard-row" },
      p.location ? ZT.card(face(view, p.location.card, { small: true })) : null,
      p.survivors.map((s) => survivorCard(snapshot, p, s))),
    p.horde.length ? el("div", { class: "zf-horde" },
      el("h4", {}, `Horde (${p.horde.length})`, p.sent_to ? ` · sent at ${p.sent_to}` : ""),
      el("div", { class: "playcard-row" }, p.horde.map((z) => zombieCard(snapshot, p, z)))) : null);
  }

  function attack(view) {
    const a = view.attack;
    if (!a) return null;
    return el("div", { class: "zf-attack" },
      el("strong", {}, `${a.attacker}'s horde (${a.sent}) → ${a.target}`),
      a.incoming.length ? el("div", {}, `Incoming: ${a.incoming.join(", ")}`) : null,
      a.aim ? el("div", {}, `${a.aim.survivor} attacks ${a.aim.zombie}${a.aim.impromptu ? ` with ${a.aim.impromptu}` : ""}`) : null,
      a.to_destroy ? el("div", { class: "zf-danger" }, `${a.to_destroy} to be destroyed at random among: ${a.caught.join(", ")}`) : null);
  }

  function effects(view) {
    if (!view.effects.length) return null;
    return el("section", { class: "zf-effects", "aria-label": "Events this turn" }, el("h4", {}, "Events this turn"),
      el("ul", {}, view.effects.map((e) => el("li", {},
        `${e.card}: ${EFFECT_WORDS[e.kind] || e.kind} ${signed(e.amount)} for ${e.on.join(", ")}`))));
  }

  function rolls(view) {
    if (!view.rolls.length) return null;
    return el("section", { class: "zf-rolls", "aria-label": "Rolls" }, el("ol", {}, view.rolls.map((r) => el("li", {},
      el("span", { class: "zf-roll-head" }, `${r.kind[0].toUpperCase()}${r.kind.slice(1)}: ${r.subject} · `),
      el("span", { class: "zf-dice" }, r.dice.join(" + ")),
      r.modifiers.map((m) => el("span", {}, ` ${signed(m.value)} ${m.label}`)),
      el("strong", {}, ` = ${r.total}`),
      el("span", {}, ` (${r.target}+ needed) `),
      el("strong", { class: r.success ? "zf-ok" : "zf-fail" }, r.success ? "✔ made it" : "✘ failed"),
      r.note ? el("span", { class: "zf-danger" }, ` ${r.note}`) : null))));
  }

  // -- naming a card, a survivor or a zombie -----------------------------------------------------

  function anyone(view) {
    const all = new Map();
    for (const p of view.players) {
      for (const s of p.survivors) all.set(`s${s.id}`, { p, s });
      for (const z of p.horde) all.set(`z${z.id}`, { p, z });
    }
    return all;
  }

  const forms = new WeakMap(); // an action's spec -> what its form holds so far

  // The width of the longest word of a card's name, in ems of the names' bold font as this
  // device draws it (measured once a name).
  const widths = new Map();
  let ruler = null;
  function wordWidth(name) {
    if (!widths.has(name)) {
      ruler = ruler || document.createElement("canvas").getContext("2d");
      ruler.font = `800 100px ${getComputedStyle(document.body).fontFamily}`;
      widths.set(name, Math.max(...name.split(" ").map((word) => ruler.measureText(word).width)) / 100);
    }
    return widths.get(name);
  }

  // A card named by tapping it. For an impromptu attack, once the survivor is picked, only the
  // cards that survivor may use are offered (Crush Skull needs a Strong survivor).
  function cardInput(field, spec, snapshot, set) {
    const view = snapshot.view;
    const all = field.options.map((o) => (typeof o === "object" ? o.value : o));
    const form = forms.get(spec) || { values: {}, redraw: [] };
    forms.set(spec, form);
    const box = el("div");
    const draw = () => {
      const survivor = anyone(view).get(`s${form.values.survivor}`)?.s;
      const options = survivor && !survivor.strong ? all.filter((name) => !view.cards[name]?.needs_strong) : all;
      if (form.values[field.name] !== undefined && !options.includes(form.values[field.name])) {
        form.values[field.name] = undefined;
        set(undefined);
      }
      box.replaceChildren(ZT.cardChoice({
        label: field.label, options, value: form.values[field.name],
        // a card to discard is found by its name in the hand: its numbers would only lengthen
        // the list of every kind there is
        describe: (name) => (spec.kind === "discard" ? { ...face(view, name, { small: true }), text: "" }
          : face(view, name, { count: `${view.cards[name]?.unseen ?? 0} not yet seen`, small: true })),
        onpick: (name) => { form.values[field.name] = name; set(name, { send: true }); },
      }));
      // The discard list's cards are as wide as a third of a phone: a name whose longest word
      // is wider takes a smaller font, just small enough (zombified.css), whole and unsplit.
      if (spec.kind === "discard") {
        for (const card of box.querySelectorAll(".playcard")) card.style.setProperty("--zf-word", wordWidth(card.dataset.value));
      }
    };
    form.redraw.push(draw);
    draw();
    return box;
  }

  // Survivors and zombies are picked by tapping their card; a card's second survivor is never
  // the one already picked. The only survivor or zombie there is to pick is picked already (a tap
  // on it keeps it).
  function pieceInput(field, spec, snapshot, set) {
    const view = snapshot.view;
    const all = anyone(view);
    const zombies = field.name === "zombie";
    const form = forms.get(spec) || { values: {}, redraw: [] };
    forms.set(spec, form);
    const only = field.options.length === 1 && field.name !== "second" ? field.options[0].value : undefined;
    if (only !== undefined) {
      form.values[field.name] = only;
      set(only);
    }
    const box = el("fieldset", { class: "card-choice" }, el("legend", {}, field.label));
    const row = el("div", { class: "playcard-row" });
    box.append(row);
    const draw = () => {
      const other = field.name === "second" ? form.values.survivor : field.name === "survivor" ? form.values.second : undefined;
      row.replaceChildren(...field.options.filter((o) => o.value !== other || other === undefined).map((o) => {
        const found = all.get(`${zombies ? "z" : "s"}${o.value}`);
        const piece = zombies ? found?.z : found?.s;
        const chosen = form.values[field.name] === o.value;
        return ZT.card({
          type: zombies ? "zombie" : "survivor", typeLabel: `${zombies ? "zombie" : "survivor"} #${o.value}`,
          name: piece ? piece.card : o.label, note: found ? found.p.name : "", small: true,
          text: piece ? (zombies ? `Toughness ${signed(piece.toughness)} · Speed ${signed(piece.speed)}`
            : `Escape ${signed(piece.escape)}${piece.weapon ? ` · ${piece.weapon.card}` : ""}`) : "",
          pressed: chosen, dataset: { value: o.value },
          onclick: () => {
            form.values[field.name] = chosen && o.value !== only ? undefined : o.value;
            form.redraw.forEach((f) => f());
            set(form.values[field.name], { send: true });
          },
        });
      }));
    };
    form.redraw.push(draw);
    draw();
    return box;
  }

  // The player who plays an event, or the one a horde or an event goes after: a tap on the name
  // sends it; the only one there is is chosen already (the button sends it).
  function targetInput(field, set) {
    const box = ZT.choice(field, (value) => set(value, { send: true }));
    if (field.options.length === 1) {
      set(field.options[0]);
      const only = box.querySelector("button");
      only.classList.add("chosen");
      only.setAttribute("aria-pressed", "true");
    }
    return box;
  }

  // Each input of a step here sends it with the tap that fills its last field: a card, a
  // survivor or a zombie, the player who plays an event or the one a horde goes after, the second
  // die. Such a step keeps no button, in the bar or in the menu's form: it would stay greyed until
  // that tap, and the tap sends the step before it is ever tapped ("Attach a weapon": tap the
  // survivor and the weapon, in either order). A step whose every input is chosen already (the
  // only opponent; the only armed survivor and the only incoming zombie; the only player holding
  // cards, for an event with nothing else to choose) waits for its button.
  const SENDING = new Set(["card", "survivor", "second", "zombie", "player", "target"]);
  const chosenAlready = (f) => f.type === "choice" && f.options.length === 1 && ["survivor", "zombie", "player", "target"].includes(f.name);
  const sendsItself = (spec) => !spec.fields.every(chosenAlready)
    && spec.fields.every((f) => f.type === "roll" || (f.type === "choice" && SENDING.has(f.name)));

  function inputOf(field, spec, snapshot, set) {
    // Two dice under what the roll adds up to (the bonuses, the target); it goes with the last die.
    if (field.type === "roll") return ZT.rollInput(field, spec, snapshot, set, { labelled: true, send: true, count: 2 });
    if (field.type !== "choice") return null;
    if (field.name === "card") return cardInput(field, spec, snapshot, set);
    if (["survivor", "second", "zombie"].includes(field.name)) return pieceInput(field, spec, snapshot, set);
    if (field.name === "player" || field.name === "target") return targetInput(field, set);
    return null;
  }

  const PLACING = { survivor: "play_survivor", location: "play_location", zombie: "play_zombie", weapon: "play_weapon" };

  ZT.register("zombified", {
    render(snapshot, board) {
      const view = snapshot.view;
      if (!legal(snapshot, "aim")) picked = null;
      const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
      board.append(el("div", { class: "zf" },
        el("div", { class: "zf-top" }, phases(view),
          view.phase_number ? el("span", { class: "zf-phase-of" }, `phase ${view.phase_number} of ${view.phases.length}`) : null,
          el("span", { class: "zf-deck" }, `Deck: ${plural(view.deck, "card")}`),
          el("span", { class: "zf-discard" }, `Discard pile: ${view.discard.length}${top ? ` (top: ${top})` : ""}`)),
        picked !== null ? el("p", { class: "zf-hint", role: "status" }, "Now tap the incoming zombie to attack.") : null,
        view.dealing ? el("p", { class: "zf-hint" }, "Before the deal: shuffle the other survivor cards back into the deck.") : null,
        attack(view),
        el("div", { class: "zf-panels" }, view.players.map((p) => panel(snapshot, view, p))),
        effects(view),
        rolls(view),
        view.phase !== "setup" ? el("p", { class: "zf-note" }, "Events are played from the menu, by anyone, at any time.") : null));
    },

    scores(snapshot) {
      return snapshot.view.players.map((p) => ({
        name: p.name, score: p.survivor_count, current: p.is_current, out: false,
        note: `${p.survivor_count === 1 ? "survivor" : "survivors"} · ${p.hand} in hand`,
        unit: p.survivor_count === 1 ? "survivor" : "survivors",
      }));
    },

    primary(snapshot) {
      const view = snapshot.view;
      const phase = view.phase;
      if (phase === "setup") return ["starting_survivor"];
      if (PLACING[phase]) return [PLACING[phase], "next"];
      if (phase === "penetration") return ["attack", "penetrate"];
      if (phase === "fire") { // an impromptu attack once no armed survivor can attack
        return ["fire", snapshot.legal.some((s) => s.kind === "aim") ? "aim" : "improvise", "next"];
      }
      if (phase === "escape") return ["escape", "destroy"];
      if (phase === "end") return ["discard"];
      return ["draw"];
    },

    input(field, spec, snapshot, set) {
      const input = inputOf(field, spec, snapshot, set);
      return input && sendsItself(spec) ? ZT.sends(input) : input;
    },

    // A weapon lost on a low roll, a survivor eaten or bitten, the winners: the card says which,
    // in the words of that one ruling.
    moment(signal, entry) {
      if (signal === "attention") return false;
      const said = (rule) => entry.rulings.find((r) => r.rule === rule)?.text;
      if (signal === "bust") return { title: "Weapon lost!", text: said("ZF-16") };
      if (signal === "wound") {
        const bitten = said("ZF-37");
        return bitten ? { title: "Bitten!", text: bitten } : { title: "Eaten!", text: said("ZF-18") };
      }
      return null;
    },
  });
})();
