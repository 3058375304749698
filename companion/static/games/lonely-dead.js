// The Lonely Dead, laid out as the table looks: the survivors in a row with their wound coins,
// infection die, items and the zombies on them; the fight under way with its dice; the Horde's
// hand (tap a card, or two, then a survivor marked "Tap to attack") and every pile. The shell
// (docs/DESIGN.md) draws the prompt, the scores strip, the entry and the action bar.
"use strict";
(() => {
  const { el } = ZT;
  const EFFECTS = {
    kill: ["✖", "kills the zombie"], "extra-die": ["+", "extra die"], heal: ["✚", "heals"], swap: ["⇄", "swap"],
  };
  const RESULTS = {
    killed: "zombie killed", fended: "fended off", avoided: "wound avoided", wound: "wounded",
    bomb: "the joker went off",
  };
  // The piles, the Horde's first; the face-up ones open their cards in the sheet.
  const PILES = [
    ["zombie_deck", "Zombie Deck"], ["zombie_discard", "Zombie Discard"],
    ["survivor_deck", "Survivor Deck"], ["survivor_discard", "Survivor Discard"],
    ["safehouse", "Safehouse"], ["graveyard", "Graveyard"], ["removed", "Set aside"], ["out", "Out of the game"],
  ];
  const ATTACKS = new Set(["attack", "join", "joker"]);
  const RISEN = /^[JQKA][CDHS]$/; // a survivor's card come back as a zombie or an item (worth 11-14)
  const PHASE_WORDS = { replenish: "Replenish", attack: "Attack", fight: "Fight", search: "Search", worsen: "Infection" };
  let chosen = []; // hand cards picked for an attack

  const card = (code, size, plain) => ZT.playingCard(code, { size, plain });
  const die = (value, colour, size) => ZT.die(value, colour, { size: size || 30 });
  const ruleChip = (rule) => el("button", { class: "rule-chip", onclick: () => ZT.showRule(rule) }, `Rule ${rule}`);
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  // The legal play for the picked cards on survivor `number`, if there is one.
  function playFor(snapshot, number) {
    const picked = [...chosen].sort();
    return snapshot.legal.find((spec) => {
      const p = spec.params;
      if (p.survivor !== number) return false;
      if (spec.kind === "joker") return picked.length === 1 && picked[0].startsWith("JK");
      if (spec.kind === "join") return picked.length === 1 && picked[0] === p.card;
      if (spec.kind === "attack") return [...p.cards].sort().join() === picked.join();
      return false;
    });
  }

  // The five phases of a round, the current one marked (the prompt names it too).
  function phases(view) {
    if (view.phase === "setup" || view.over) return null; // no round under way
    return ZT.phases("Phases of the round", view.phases.map((p) => [PHASE_WORDS[p.key] || p.name, p.current]));
  }

  function wounds(s) {
    const coins = Array.from({ length: s.limit }, (_, i) => el("span", {
      class: i < s.wounds ? "ld-coin ld-hit" : "ld-coin", "aria-hidden": "true",
    }, i < s.wounds ? "✕" : ""));
    return el("div", { class: "ld-wounds" }, coins,
      el("span", { class: "ld-count-words" }, `${s.wounds}/${s.limit} wounds`));
  }

  function zombie(z, plain) {
    const kind = { strong: "Strong", contagious: "Contagious" }[z.kind];
    return el("div", {
      class: `ld-zombie${z.fighting ? " ld-fighting" : ""}${z.fought ? " ld-fought" : ""}`,
      dataset: { kind: z.kind },
    },
    el("span", { class: "ld-pair" }, z.cards.map((c) => card(c, "small", plain))),
    el("span", { class: "ld-zombie-words" },
      el("strong", {}, String(z.value)), kind ? ` ${kind}` : "",
      z.fighting ? " · fighting" : z.fought ? " · fought" : ""));
  }

  function survivor(snapshot, s) {
    const view = snapshot.view;
    const aiming = chosen.length && view.step === "attack" && ZT.granted;
    const target = aiming ? playFor(snapshot, s.number) : null;
    const onclick = target ? () => {
      chosen = [];
      ZT.act(target.kind, target.params);
    } : aiming ? () => {
      // a play the rules do not allow here: sent all the same, so that the refusal names the
      // rule that forbids it; the cards stay picked for a survivor they may attack
      const joker = chosen[0].startsWith("JK");
      ZT.act(joker ? "joker" : "attack", joker ? { survivor: s.number } : { cards: [...chosen], survivor: s.number });
    } : null;
    const plain = Boolean(target);
    const state = s.attacked ? ["attacked this round"] : []; // "fighting" is written on the zombie
    return el(target ? "button" : "article", {
      class: `ld-survivor${s.fighting ? " ld-fighting" : ""}${target ? " ld-target" : ""}`,
      onclick, dataset: { number: s.number }, "aria-label": target ? null : `Survivor ${s.number}`,
    },
    el("div", { class: "ld-head" },
      el("span", { class: "ld-number" }, String(s.number)),
      card(s.card, "big", plain),
      s.infection !== null ? die(s.infection, "green", 36) : null),
    s.infection !== null ? el("span", { class: `ld-infection${s.infected_now ? " ld-fresh" : ""}` },
      s.infected_now ? `infected: ${s.infection} (new)` : `infected: ${s.infection}`) : null,
    wounds(s),
    s.items.length ? el("div", { class: "ld-items", "aria-label": "Items" }, s.items.map((item) => el("span", { class: "ld-item" },
      card(item.card, "small", plain), el("span", {}, RISEN.test(item.card) ? `worth ${item.value} · ` : "",
        `${EFFECTS[item.effect][0]} ${EFFECTS[item.effect][1]}`)))) : null,
    s.zombies.length ? el("div", { class: "ld-zombies", "aria-label": "Zombies on this survivor" }, s.zombies.map((z) => zombie(z, plain))) : null,
    state.length ? el("span", { class: "ld-state" }, state.join(" · ")) : null,
    target ? el("span", { class: "ld-tap" }, "Tap to attack") : null);
  }

  function fightNow(view) {
    const f = view.fight;
    if (!f) return null;
    const s = view.survivors[f.survivor - 1];
    const wanted = f.waiting === "roll" ? 2 - f.dice.length : f.waiting === "extra" ? 1 : 0;
    return el("section", { class: "ld-fight", "aria-label": "The fight under way" },
      el("div", { class: "ld-versus" },
        el("span", {}, `Survivor ${f.survivor}`), card(s.card), el("span", {}, `${s.wounds}/${s.limit} wounds`),
        el("span", { class: "ld-vs" }, "against"), el("span", { class: "ld-pair" }, f.zombie.map((c) => card(c))),
        el("span", {}, `worth ${f.value}`)),
      el("div", { class: "ld-dice", "aria-label": "Fight dice" },
        f.dice.map((d) => die(d, null, 44)),
        Array.from({ length: wanted }, () => el("span", { class: "ld-die-slot", "aria-hidden": "true" })),
        f.waiting === "extra" ? el("span", {}, "one more die") : null,
        f.waiting === "item" ? el("span", {}, "draw the new item") : null,
        f.items.length ? el("span", {}, `items used: ${f.items.map(ZT.cardLabel).join(", ")}`) : null));
  }

  function hand(snapshot) {
    const view = snapshot.view;
    const attacking = view.step === "attack" && ZT.granted;
    const cards = view.hand.map((h) => {
      const picked = chosen.includes(h.card);
      // A Zombie Survivor's value is not printed on it: it is written under the card.
      const worth = RISEN.test(h.card) ? el("span", { class: "ld-worth" }, `worth ${h.value}`) : null;
      if (!attacking) return worth ? el("span", { class: "ld-held" }, card(h.card, "big"), worth) : card(h.card, "big");
      return el("button", {
        class: `ld-hand-card${picked ? " ld-picked" : ""}`, "aria-pressed": String(picked), dataset: { card: h.card },
        onclick: () => {
          chosen = picked ? chosen.filter((c) => c !== h.card) : [...chosen, h.card].slice(-2);
          ZT.render(snapshot, true);
        },
      }, card(h.card, "big", true), worth, picked ? el("span", { class: "ld-check", "aria-hidden": "true" }, "✓") : null);
    });
    const hint = attacking && view.hand.length
      ? (chosen.length ? "Now tap a survivor marked “Tap to attack”." : "Tap a card, or two for a pair, then a survivor.")
      : null;
    return el("div", { class: "ld-hand" },
      el("h3", {}, `Zombie Hand ${view.hand.length}/3`),
      el("div", { class: "ld-cards" }, cards.length ? cards : el("span", { class: "muted" }, "empty")),
      hint ? el("p", { class: "ld-hint" }, hint) : null);
  }

  // Each pile as a stack with its count; the face-up ones open their cards in the sheet.
  function piles(view) {
    const faceUp = {
      survivor_discard: view.survivor_discard, zombie_discard: view.zombie_discard,
      graveyard: view.graveyard, out: view.out, removed: view.removed.named,
    };
    return el("div", { class: "ld-piles", "aria-label": "Piles" }, PILES.map(([key, name]) => {
      const n = view.piles[key];
      if (!n && (key === "removed" || key === "out")) return null;
      const cards = faceUp[key];
      const body = [el("span", { class: `ld-stack${n ? "" : " ld-empty"}`, "aria-hidden": "true" }, String(n)),
        el("span", { class: "ld-pile-name" }, name, el("span", { class: "visually-hidden" }, `: ${plural(n, "card")}`))];
      if (!cards || !cards.length) return el("div", { class: "ld-pile", dataset: { pile: key } }, body);
      return el("button", {
        class: "ld-pile", dataset: { pile: key },
        onclick: () => ZT.openSheet(name, el("div", { class: "ld-sheet-cards" }, cards.map((c) => card(c, "big")))),
      }, body);
    }));
  }

  // Setup, step by step: what to do with the real cards while the tablet asks for them.
  const SETUP = [
    ["removal", "Sort the deck: J, Q, K and A are the survivors; 2 to 10 and the joker are the numbered cards."],
    ["removal", "Roll one die: that many survivor cards go aside, face down, unseen."],
    ["naming", "Looked at them? Enter them; otherwise just tap “Set them aside”."],
    ["dealing", "Deal the numbered cards one by one: Survivor Deck first, then Zombie Deck (19 and 18 cards)."],
    ["dealing", "Deal four survivors face up in a row from the left, entering each: survivors 1 to 4."],
    ["hand", "Take three cards from the Zombie Deck: your Zombie Hand. Enter each."],
  ];
  const SETUP_ORDER = ["removal", "naming", "dealing", "hand"];

  function guide(view) {
    const now = SETUP_ORDER.indexOf(view.step);
    if (now < 0) return null;
    return el("section", { class: "ld-guide", "aria-label": "Setting up" }, el("h3", {}, "Setting up"),
      el("ol", {}, SETUP.map(([step, words]) => {
        const at = SETUP_ORDER.indexOf(step);
        const state = at < now ? "done" : at === now ? "now" : "later";
        return el("li", { class: `ld-${state}`, "aria-current": state === "now" ? "step" : null },
          el("span", { class: "ld-mark", "aria-hidden": "true" }, { done: "✓", now: "▶", later: "" }[state]), words);
      })));
  }

  function fights(view) {
    if (!view.fights.length) return null;
    return el("section", { class: "ld-fights" }, el("h3", {}, `Round ${view.round}: fights`),
      el("ol", {}, view.fights.map((f) => el("li", { class: `ld-result ld-r-${f.result}` },
        el("span", { class: "ld-who" }, `Survivor ${f.survivor}`),
        el("span", { class: "ld-dice" }, f.dice.map((d) => die(d, null))),
        el("span", {}, `against ${f.zombie.map(ZT.cardLabel).join("+")} (${f.value}): `, el("strong", {}, RESULTS[f.result])),
        f.items.length ? el("span", {}, ` · items ${f.items.map(ZT.cardLabel).join(", ")}`) : null,
        ruleChip(f.rule)))));
  }

  // The part of the board the step is about: the fight under way, the survivor it asks about,
  // the hand (or, with cards picked, the first survivor they may attack).
  function stepOn(snapshot, board) {
    const view = snapshot.view;
    const survivor = (position) => board.querySelectorAll(".ld-survivor")[position - 1] || null;
    if (snapshot.prompt.action === "infect" && view.fights.length) return survivor(view.fights.at(-1).survivor);
    if (view.fight) return board.querySelector(".ld-fight");
    if (view.step === "search" && view.search_roll) return survivor(view.search_roll);
    if (view.step === "attack" && chosen.length) return board.querySelector(".ld-target");
    if (["hand", "replenish", "attack", "discard"].includes(view.step)) return board.querySelector(".ld-hand");
    return null;
  }

  // Where a card already seen lies, in words: why the card picker greys it.
  function whereIs(view, code) {
    if (view.hand.some((h) => h.card === code)) return "is in your hand";
    for (const s of view.survivors) {
      if (s.card === code) return `is survivor ${s.number}`;
      if (s.items.some((item) => item.card === code)) return `is an item of survivor ${s.number}`;
      if (s.zombies.some((z) => z.cards.includes(code))) return `is a zombie on survivor ${s.number}`;
    }
    const piles = [[view.zombie_discard, "is in the Zombie Discard"], [view.survivor_discard, "is in the Survivor Discard"],
      [view.graveyard, "is in the Graveyard"], [view.out, "is out of the game"], [view.removed.named, "is set aside"]];
    return piles.find(([cards]) => cards.includes(code))?.[1] || null;
  }

  function legend(view) {
    return el("p", { class: "ld-legend" }, "Items: ", Object.entries(view.effects).flatMap(([suit, e], i) => [
      i ? " · " : "", el("span", { class: "ld-legend-suit" }, ZT.SUITS[suit[0].toUpperCase()], " ", suit), ` ${EFFECTS[e.effect][1]}`]));
  }

  ZT.register("lonely-dead", {
    render(snapshot, board) {
      const view = snapshot.view;
      if (view.step !== "attack") chosen = [];
      chosen = chosen.filter((c) => view.hand.some((h) => h.card === c));
      board.append(el("div", { class: "ld" },
        phases(view),
        fightNow(view),
        guide(view),
        el("section", { class: "ld-table", "aria-label": "Survivors" },
          view.survivors.length ? view.survivors.map((s) => survivor(snapshot, s))
            : el("p", { class: "muted ld-none" }, view.over ? "No survivor left: every one is dead or risen."
              : "No survivor dealt yet.")),
        el("section", { class: "ld-horde", "aria-label": "The Horde" }, hand(snapshot), piles(view)),
        fights(view),
        legend(view)));
      const now = stepOn(snapshot, board);
      if (now) now.dataset.now = ""; // the shell brings it into view
    },

    // The Horde's round (the score of a solitaire), out of the round limit when one is set
    // (LD-46), and the survivors still standing.
    scores(snapshot) {
      const view = snapshot.view;
      const label = view.round_limit ? `round, of ${view.round_limit}` : "round";
      // Those in the Safehouse count while they may still come into play (not once the Horde has won).
      const left = view.survivors.length + (view.horde_won ? 0 : view.piles.safehouse);
      return [
        { name: snapshot.players[0], label, score: view.round, current: !view.over, unit: view.round === 1 ? "round" : "rounds" },
        { name: "Survivors", score: left, current: false, out: left === 0, note: "left", unit: "left", color: "var(--muted)" },
      ];
    },

    // The next step; the attacks themselves are tapped on the board (and listed in the sheet).
    primary(snapshot) {
      return snapshot.legal.filter((s) => !s.quiet && !ATTACKS.has(s.kind)).map((s) => s.kind);
    },

    // Dice: one tap a face; a card: its rank, then its suit. Each goes as soon as it is complete.
    input(field, spec, snapshot, set) {
      if (field.type === "card") {
        return ZT.sends(ZT.cardPicker(field, (code) => set(code, { send: true }), (code) => whereIs(snapshot.view, code)));
      }
      if (field.type !== "roll") return null;
      return ZT.rollInput(field, spec, snapshot, set, { send: true });
    },

    // A moment says the one thing that happened (the whole ruling is in the game log).
    moment(signal, entry) {
      const rulings = entry.rulings;
      const rules = new Set(rulings.map((r) => r.rule));
      const said = (...ids) => rulings.filter((r) => ids.includes(r.rule)).map((r) => r.text).join(" ");
      if (signal === "bust") return { title: "No valid attack", text: said("LD-18") };
      if (signal === "wound") return { title: "Wounded", text: rulings.filter((r) => r.rule === "LD-20").at(-1)?.text };
      if (signal === "infection_out") return { title: "Put down", text: said("LD-35") };
      if (signal === "attention") {
        if (rules.has("LD-R11")) return { title: "The joker!", text: said("LD-R11") };
        if (rules.has("LD-40")) return { title: "Boom!", text: said("LD-40") };
        const dies = rulings.findIndex((r) => r.rule === "LD-R6"); // the death, then where it goes
        return { title: "A survivor falls", text: rulings.slice(dies, dies + 2).map((r) => r.text).join(" ") };
      }
      return null;
    },
  });
})();
