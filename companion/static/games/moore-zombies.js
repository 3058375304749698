// Moore's Zombies!, laid out as the table looks: the treasure card at stake between the two
// armies, the battle's six slots (tap the cards that also fight), the wizard dice drawn as dice,
// the dead pile face up. Hands stay secret: an army shows its size, its joker and its known
// zombies. The shell (docs/DESIGN.md) draws the prompt, the scores strip, the entry and the bar.
"use strict";
(() => {
  const { el } = ZT;
  const ARMY = { red: "Red army", black: "Black army" };
  const ARMY_COLORS = { red: "var(--red)", black: "var(--ink)" }; // the marks in the scores strip
  const ROLE_WORDS = { wizard: "wizard (a die)", zombie: "zombie (0)" };
  // The actions drawn on the board itself, rather than in the action bar.
  const ON_BOARD = new Set(["activate", "revive"]);
  let choice = { version: null, cards: new Set(), role: null }; // the activation being tapped in

  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  const card = (code, size, attrs) => ZT.playingCard(code, { size, ...attrs });
  const cards = (codes, empty) => (codes.length
    ? el("span", { class: "mz-cards" }, codes.map((c) => card(c)))
    : el("span", { class: "muted" }, empty || "none"));
  const die = (value, size) => ZT.die(value, null, { size: size || 30 });

  function army(view, a, live) {
    return el("section", {
      class: `mz-army mz-${a.side}${view.waiting_for === a.side && live ? " mz-waiting" : ""}`,
      dataset: { side: a.side }, "aria-label": `${ARMY[a.side]}, ${a.player}`,
    },
    el("h3", {}, el("span", { class: "mz-flag", "aria-hidden": "true" }), `${ARMY[a.side]} · ${a.player}`,
      a.attacking ? el("span", { class: "mz-badge" }, "attacks") : null,
      view.waiting_for === a.side && live ? el("span", { class: "mz-badge mz-turn" }, "to play") : null),
    el("div", { class: "mz-army-row" },
      el("span", { class: "mz-hand", title: "cards in hand" },
        el("span", { class: "mz-back", "aria-hidden": "true" }, String(a.hand)), el("span", {}, plural(a.hand, "card"), " in hand")),
      el("span", { class: "mz-points" }, el("strong", {}, String(a.points)),
        a.joker === "held" ? " points, the joker's 2 included" : " points"),
      el("span", { class: "mz-joker-state" }, `joker ${a.joker === "held" ? "held" : a.joker}`)),
    a.zombies.length ? el("div", { class: "mz-army-row" }, el("span", { class: "mz-label" }, "Zombies in hand"), cards(a.zombies)) : null,
    a.won.length ? el("div", { class: "mz-army-row" }, el("span", { class: "mz-label" }, "Treasure won"), cards(a.won)) : null);
  }

  function stake(snapshot) {
    const view = snapshot.view;
    const t = view.treasure;
    const revives = snapshot.legal.filter((s) => s.kind === "revive");
    const over = snapshot.outcome && !t.card; // no battle is coming: none is announced
    return el("section", { class: "mz-stake", "aria-label": "The treasure at stake" },
      el("div", { class: "mz-stake-card" },
        t.card ? card(t.card, "big") : over ? null : ZT.playingCard("", { size: "big", down: true }),
        el("div", { class: "mz-stake-words" },
          el("strong", {}, over ? "No more battles" : view.final ? `Battle ${view.battle}, the last` : `Battle ${view.battle}`),
          el("span", {}, t.card ? `${plural(t.points, "point")}${t.zombie ? ", zombie treasure: no revive" : ""}` : over ? "the game is over" : "treasure card face down"),
          el("span", { class: "mz-pile" }, el("span", { class: "mz-back", "aria-hidden": "true" }, String(t.pile)),
            `${plural(t.pile, "card")} in the treasure pile`),
          t.zombies_in_pile.length ? el("span", { class: "mz-note" }, "zombies shuffled in: ", cards(t.zombies_in_pile)) : null)),
      revives.length && ZT.granted ? el("div", { class: "mz-revives" },
        el("span", {}, "Or revive dead cards instead:"),
        el("div", { class: "mz-buttons" }, revives.map((spec) => el("button", {
          dataset: { action: "revive", count: spec.params.count },
          onclick: () => ZT.act("revive", spec.params),
        }, spec.label)))) : null);
  }

  function battle(snapshot) {
    const view = snapshot.view;
    if (!view.board) return null;
    const order = view.attacker === "red" ? ["red", "black"] : ["black", "red"];
    return el("section", { class: "mz-battle", "aria-label": "The battle" },
      order.map((side) => line(snapshot, side, view.board[side])));
  }

  function line(snapshot, side, slots) {
    const view = snapshot.view;
    const deciding = slots.deciding && ZT.granted && !snapshot.outcome;
    if (deciding && choice.version !== snapshot.version) choice = { version: snapshot.version, cards: new Set(), role: null };
    const tiles = slots.cards.map((slot) => {
      const state = slots.zombie_attack ? "zombie" : slot.designated ? "activated"
        : slot.activated === null ? "undecided" : slot.activated ? "fights" : "kept back";
      const toggle = deciding && !slot.designated;
      const on = toggle ? choice.cards.has(slot.card) : slot.activated;
      const body = [card(slot.card, "medium", { plain: toggle }), el("span", { class: "mz-slot-words" },
        toggle ? (on ? "✓ fights" : "kept back") : state)];
      if (!toggle) return el("div", { class: `mz-slot${on ? " mz-on" : ""}${slot.activated === false ? " mz-kept" : ""}`, dataset: { card: slot.card } }, body);
      return el("button", {
        class: `mz-slot mz-toggle${on ? " mz-on" : ""}`, dataset: { card: slot.card }, "aria-pressed": String(on),
        onclick: () => {
          if (on) choice.cards.delete(slot.card); else choice.cards.add(slot.card);
          chosen(snapshot);
        },
      }, body);
    });
    const fills = Array.from({ length: slots.fill }, () => el("div", { class: "mz-slot" },
      el("span", { class: "mz-die-slot", "aria-hidden": "true" }), el("span", { class: "mz-slot-words" }, "empty slot: a die")));
    const row = el("div", { class: `mz-line mz-${side}${slots.zombie_attack ? " mz-zombies" : ""}`, dataset: { side } },
      el("div", { class: "mz-line-head" }, el("span", { class: "mz-flag", "aria-hidden": "true" }),
        el("strong", {}, ARMY[side]),
        side === view.attacker ? el("span", { class: "mz-badge" }, "attacker") : el("span", { class: "mz-badge" }, "defender"),
        slots.zombie_attack ? el("span", { class: "mz-badge mz-alarm" }, "Zombie attack!") : null),
      el("div", { class: "mz-slots" }, tiles, fills,
        slots.cards.length + slots.fill === 0 ? el("span", { class: "muted" }, "cards taken back") : null),
      slots.dice !== null || slots.joker_role ? el("div", { class: "mz-line-foot" },
        slots.joker_role ? el("span", {}, `joker as ${ROLE_WORDS[slots.joker_role] || `army ${slots.joker_role}`}`) : null,
        slots.dice && slots.dice.length ? el("span", { class: "mz-dice", "aria-label": `dice ${slots.dice.join(", ")}` },
          slots.dice.map((d) => die(d))) : null,
        slots.total !== null ? el("span", { class: "mz-total" }, `total ${slots.total}`) : null) : null);
    if (deciding) row.append(decide(snapshot, side, slots));
    return row;
  }

  // A tap on the choice draws it again and, once it can be confirmed, brings the confirm into
  // sight: on a phone the board scrolls, and the roles push it below the fold.
  function chosen(snapshot) {
    ZT.render(snapshot, true);
    document.querySelector("#board .mz-decide [data-submit]:enabled")?.scrollIntoView({ block: "nearest" });
  }

  // The deciding army's choice: the tapped cards fight with the activated one; a fighting
  // joker needs its role. Confirm sends the matching legal action.
  function decide(snapshot, side, slots) {
    const extra = slots.cards.slice(1).filter((s) => choice.cards.has(s.card)).map((s) => s.card);
    const jokerIn = slots.cards.some((s) => s.card.startsWith("JK") && (s.designated || choice.cards.has(s.card)));
    const spec = snapshot.legal.find((s) => s.kind === "activate" && [...s.params.cards].sort().join() === [...extra].sort().join());
    const ready = spec && (!jokerIn || choice.role !== null);
    const roles = jokerIn ? el("div", { class: "mz-roles", role: "group", "aria-label": "The joker fights as" },
      el("span", { class: "mz-label" }, "The joker fights as"),
      el("div", { class: "chips" }, slots.joker_roles.map((r) => el("button", {
        class: `chip${choice.role === r ? " chosen" : ""}`, "aria-pressed": String(choice.role === r), dataset: { role: r },
        onclick: () => { choice.role = r; chosen(snapshot); },
      }, ROLE_WORDS[r] || `army ${r}`)))) : null;
    return el("div", { class: "mz-decide" },
      el("p", { class: "mz-hint" }, spec && jokerIn && choice.role === null ? "Pick what the joker fights as, then confirm."
        : slots.cards.length > 1 ? "Tap the cards that also fight, then confirm." : "Confirm the activated card."),
      roles,
      el("button", {
        class: "primary big", dataset: { action: "activate", submit: "" }, disabled: !ready,
        onclick: () => ZT.act("activate", { cards: extra, ...(jokerIn ? { joker: choice.role } : {}) }),
      }, spec ? spec.label : "Confirm"));
  }

  function revive(view) {
    const r = view.revive;
    if (!r) return null;
    return el("section", { class: "mz-revive", "aria-label": "Reviving dead cards" },
      el("h3", {}, `Reviving ${plural(r.count, "dead card")}`),
      el("div", { class: "mz-dice" }, el("span", {}, "Roll-off:"),
        r.rolloff.length ? r.rolloff.flatMap((d, i) => [i ? el("span", {}, "against") : null, die(d, 44)])
          : el("span", {}, "the winner rolls first")),
      r.at_random === null ? null : el("p", { class: "mz-note" }, r.at_random ? "Taken at random, unseen." : "The winner looks and chooses."));
  }

  // The previous battle, as it lay when it was decided: each army's fighting cards, its dice
  // and its total, under the line that says who won. While its winner takes the spoils it is
  // what the step is about: the shell brings it into view.
  function decided(view) {
    if (!view.last) return null;
    const now = view.phase === "spoils" ? { now: "" } : null;
    return el("section", { class: "mz-last", "aria-label": "The previous battle", dataset: now },
      el("p", {}, view.last),
      view.decided ? el("div", { class: "mz-decided" }, view.armies.map((a) => {
        const side = view.decided[a.side];
        return el("div", { class: "mz-decided-side", dataset: { side: a.side } },
          el("span", { class: "mz-label" }, ARMY[a.side]),
          cards(side.cards),
          side.dice.length ? el("span", { class: "mz-dice", "aria-label": `dice ${side.dice.join(", ")}` },
            side.dice.map((d) => die(d))) : null,
          el("strong", { class: "mz-total" }, `= ${side.total}`));
      })) : null);
  }

  ZT.register("moore-zombies", {
    render(snapshot, board) {
      const view = snapshot.view;
      const live = !snapshot.outcome;
      const deciding = view.phase === "activate" || view.phase === "dice"; // the battle first
      board.append(el("div", { class: "mz" },
        deciding ? battle(snapshot) : null,
        view.board ? null : decided(view),
        el("div", { class: "mz-field" }, army(view, view.armies[0], live), stake(snapshot), army(view, view.armies[1], live)),
        deciding ? null : battle(snapshot),
        revive(view),
        el("section", { class: "mz-dead", "aria-label": "Dead pile" },
          el("h3", {}, `Dead pile: ${plural(view.dead.length, "card")}`), cards(view.dead, "empty"),
          view.out.length ? el("p", { class: "mz-note" }, "Out of the game: ", cards(view.out)) : null)));
    },

    scores(snapshot) {
      const view = snapshot.view;
      return view.armies.map((a) => ({
        name: a.player, score: a.points, current: !snapshot.outcome && view.waiting_for === a.side,
        note: `${a.side} · ${plural(a.hand, "card")}`, color: ARMY_COLORS[a.side],
        unit: a.points === 1 ? "point" : "points",
      }));
    },

    // The activation and the revives are tapped on the board; every other step is in the bar.
    primary(snapshot) {
      return [...new Set(snapshot.legal.filter((s) => !s.quiet && !ON_BOARD.has(s.kind)).map((s) => s.kind))];
    },

    input(field, spec, snapshot, set) {
      if (field.type === "roll") {
        // The roll goes as soon as every die is set. What a battle's dice are for (the wizards,
        // the empty slots) is written above them.
        return ZT.rollInput(field, spec, snapshot, set, { labelled: spec.kind === "dice", send: true });
      }
      if (spec.kind === "reveal" || spec.kind === "take_dead") return tracked(field, spec, snapshot, set);
      if (field.type === "card" && !field.options) return ZT.sends(ZT.cardPicker(field, (code) => set(code, { send: true })));
      if (field.type === "card" && field.options.length <= 16) {
        // A small set (the treasure pile): one tap on the card itself.
        return ZT.sends(el("div", { class: "mz-pick", role: "group", "aria-label": field.label },
          el("span", { class: "mz-label" }, field.label),
          el("div", { class: "mz-cards" }, [...new Set(field.options)].map((c) => card(c, "medium", {
            onclick: () => set(c, { send: true }),
          })))));
      }
      return null;
    },

    moment(signal, entry) {
      const rules = new Set(entry.rulings.map((r) => r.rule));
      if (signal === "attention") {
        const title = rules.has("MZ-18") ? "Zombie attack!" : rules.has("MZ-27") ? "A lone joker" : "The last battle";
        return { title, text: ZT.describe(entry) };
      }
      if (signal === "wound") return { title: "Killed by the zombies", text: ZT.describe(entry) };
      return null;
    },
  });

  // The entry of the battle cards and of the dead cards revived. The form's button stays greyed
  // until every field is filled, so a line at the end of the form says what it still waits for.
  // The question of a zombie attack with a joker (MZ-T6) is asked only when an army has laid its
  // joker and two zombies: otherwise nobody can declare one, and the answer is "none" without a
  // tap.
  const forms = new WeakMap(); // spec -> what its form holds so far
  function tracked(field, spec, snapshot, set) {
    if (spec.fields[0] === field || !forms.has(spec)) {
      const fresh = { snapshot, needs: {}, picked: {}, ask: null, update: [] };
      fresh.refresh = () => { fresh.ask?.(); fresh.update.forEach((f) => f()); };
      forms.set(spec, fresh);
    }
    const form = forms.get(spec);
    const input = field.name === "zombie_joker" ? jokerQuestion(field, form, set)
      : field.type === "cards" && field.options ? pickCards(field, snapshot, set, form) : null;
    if (!input || spec.fields[spec.fields.length - 1] !== field) return input;
    const line = el("p", { class: "mz-waits", "aria-live": "polite", dataset: { waits: "" } });
    form.update.push(() => {
      const needs = spec.fields.map((f) => form.needs[f.name]).filter(Boolean);
      line.classList.toggle("mz-ready", !needs.length);
      line.textContent = needs.length ? `Still needed: ${needs.join(", ")}.` : `Ready: tap ${spec.label}.`;
    });
    form.refresh();
    return el("div", { class: "mz-tail" }, input, line);
  }

  // Whose laid cards are their joker and two zombies: who could declare a zombie attack.
  function declarers(form) {
    const armies = form.snapshot.view.armies;
    return armies.filter((a) => {
      const laid = form.picked[a.side] || [];
      return laid.length === 3 && laid.some((c) => c.startsWith("JK")) && laid.filter((c) => a.zombies.includes(c)).length === 2;
    }).map((a) => a.side);
  }

  function jokerQuestion(field, form, set) {
    const words = { none: "No, a regular battle", red: "Yes, red declares", black: "Yes, black declares", both: "Yes, both declare" };
    const box = el("div", { class: "choice mz-declare", role: "group", "aria-label": field.label, dataset: { field: field.name }, hidden: true });
    let chosen = null;
    let asked = "";
    form.ask = () => {
      const sides = declarers(form).filter((s) => field.options.includes(s));
      const options = sides.length ? ["none", ...sides, ...(sides.length === 2 ? ["both"] : [])].filter((o) => field.options.includes(o)) : [];
      if (options.join() !== asked) {
        asked = options.join();
        if (!options.includes(chosen)) chosen = null;
        const who = sides.length === 2 ? "Each army laid its joker" : `The ${sides[0]} army laid its joker`;
        box.replaceChildren(
          el("span", { class: "label" }, `${who} and two zombies: is it a zombie attack? Only if declared (MZ-T6).`),
          el("div", { class: "chips" }, options.map((o) => el("button", {
            class: "chip", dataset: { declare: o }, onclick: () => { chosen = o; form.refresh(); },
          }, words[o]))));
        const appears = box.hidden && options.length > 0;
        box.hidden = !options.length;
        // in sight, above the line at the entry's foot that says the button waits for the answer
        if (appears) requestAnimationFrame(() => box.scrollIntoView({ block: "nearest" }));
      }
      for (const b of box.querySelectorAll("[data-declare]")) {
        b.classList.toggle("chosen", b.dataset.declare === chosen);
        b.setAttribute("aria-pressed", String(b.dataset.declare === chosen));
      }
      form.needs[field.name] = options.length && chosen === null ? "whether it is a zombie attack" : null;
      set(options.length ? chosen ?? undefined : "none");
    };
    return box;
  }

  // Cards from a known set, tapped in order (the battle cards: the activated one first; the dead
  // cards revived). The dead cards drawn blind can be drawn at random by the table.
  function pickCards(field, snapshot, set, form) {
    const picked = [];
    const max = field.max ?? field.options.length;
    const min = field.min ?? 0;
    const shown = el("p", { class: "mz-picked", "aria-live": "polite" });
    const rank = (code) => (code.startsWith("JK") ? 99 : ZT.RANKS.indexOf(code.slice(0, -1)) * 4 + "CDHS".indexOf(code.slice(-1)));
    const order = field.options.map((c, i) => i).sort((a, b) => rank(field.options[a]) - rank(field.options[b]));
    const faces = field.options.map((c, i) => card(c, "medium", {
      dataset: { index: i },
      onclick: () => {
        const at = picked.indexOf(i);
        if (at >= 0) picked.splice(at, 1); else if (picked.length < max) picked.push(i);
        else return ZT.toast(`That is ${plural(max, "card")}: tap one to take it back first.`);
        update();
      },
    }));
    const update = () => {
      faces.forEach((face, i) => {
        const at = picked.indexOf(i);
        face.setAttribute("aria-pressed", String(at >= 0));
        face.dataset.order = at >= 0 ? String(at + 1) : "";
      });
      const names = picked.map((i) => ZT.cardLabel(field.options[i]));
      shown.textContent = names.length ? `${names.length} of ${max}: ${names.join(", ")}` : `none yet (${min === max ? max : `${min} to ${max}`})`;
      set(picked.length >= min && picked.length <= max ? picked.map((i) => field.options[i]) : undefined);
      if (!form) return;
      const more = plural(min - picked.length, ARMY[field.name] ? `more ${field.name} card` : "more card");
      form.picked[field.name] = picked.map((i) => field.options[i]);
      form.needs[field.name] = picked.length < min ? more : null;
      form.refresh();
    };
    const random = snapshot.view.revive?.at_random ? el("button", {
      class: "big mz-random", onclick: () => {
        const pool = [...field.options];
        const drawn = Array.from({ length: max }, () => pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
        set(drawn, { send: true });
      },
    }, "Draw them at random for me") : null;
    update();
    return el("div", { class: "mz-pick", role: "group", "aria-label": field.label, dataset: { field: field.name } },
      el("span", { class: "mz-label" }, field.label), shown,
      el("div", { class: "mz-cards" }, order.map((i) => faces[i])), random);
  }
})();
