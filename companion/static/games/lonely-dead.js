// The Lonely Dead board: the phase stepper, the four survivors (wounds, infection die, items,
// attacking zombies), the Zombie Hand, the piles, the fight under way and this round's fights.
// Tap hand cards, then a survivor, to attack; every other input goes through the action forms.
"use strict";
(() => {
  const { el } = ZT;
  const EFFECTS = {
    kill: ["✖", "kill"], "extra-die": ["⚄", "extra die"], heal: ["✚", "heal"], swap: ["⇄", "swap"],
  };
  const RESULTS = {
    killed: "zombie killed", fended: "fended off", avoided: "wound avoided", wound: "wounded",
    bomb: "the joker went off",
  };
  const PILES = [
    ["safehouse", "Safehouse"], ["survivor_deck", "Survivor Deck"], ["zombie_deck", "Zombie Deck"],
    ["survivor_discard", "Survivor Discard"], ["zombie_discard", "Zombie Discard"],
    ["graveyard", "Graveyard"], ["removed", "Set aside"], ["out", "Out of the game"],
  ];
  let chosen = []; // hand cards picked for an attack

  const red = (card) => /[DH]$/.test(card);
  const cardFace = (card, label, extra) => el("span", {
    class: ["ld-card", red(card) ? "ld-red" : "", card.startsWith("JK") ? "ld-joker" : "", extra || ""].join(" "),
  }, label);
  const die = (value, extra) => el("span", { class: `ld-die ${extra || ""}`, "aria-label": `die ${value}` }, String(value));
  const ruleButton = (rule) => el("button", { class: "rule-id", onclick: () => ZT.showRule(rule) }, rule);

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

  function stepper(view) {
    const steps = [{ key: "setup", name: "Setup", current: view.phase === "setup" }, ...view.phases];
    return el("ol", { class: "ld-phases", "aria-label": "phases of the round" },
      steps.map((p) => el("li", { class: p.current ? "ld-now" : "" }, p.name)));
  }

  function wounds(s) {
    const marks = Array.from({ length: s.limit }, (_, i) => el("span", {
      class: i < s.wounds ? "ld-mark ld-hit" : "ld-mark",
    }, i < s.wounds ? "●" : "○"));
    return el("div", { class: "ld-wounds", "aria-label": `${s.wounds} of ${s.limit} wounds` }, marks);
  }

  function zombie(z) {
    const kind = z.kind === "single" ? "" : z.kind === "strong" ? "Strong" : "Contagious";
    return el("div", {
      class: ["ld-zombie", z.fighting ? "ld-fighting" : "", z.fought ? "ld-fought" : "", z.kind === "contagious" ? "ld-contagious" : ""].join(" "),
    },
    z.cards.map((c, i) => cardFace(c, z.labels[i], "ld-small")),
    el("span", { class: "ld-value" }, `${kind ? kind + " · " : ""}${z.value}`));
  }

  function survivor(snapshot, s) {
    const view = snapshot.view;
    const target = chosen.length && view.step === "attack" ? playFor(snapshot, s.number) : null;
    const onclick = target ? () => {
      chosen = [];
      ZT.act(target.kind, target.params).catch(() => {});
    } : null;
    return el(onclick ? "button" : "div", {
      class: ["ld-survivor", s.fighting ? "ld-fighting" : "", onclick ? "ld-target" : "", s.attacked ? "ld-attacked" : ""].join(" "),
      onclick, "aria-label": target ? target.label : null, dataset: { number: s.number },
    },
    el("div", { class: "ld-head" },
      el("span", { class: "ld-number" }, `#${s.number}`),
      cardFace(s.card, s.label, "ld-big"),
      s.infection !== null ? die(s.infection, `ld-infection${s.infected_now ? " ld-fresh" : ""}`) : null),
    wounds(s),
    el("div", { class: "ld-items" }, s.items.length ? s.items.map((item) => el("span", { class: "ld-item" },
      cardFace(item.card, item.label, "ld-small"), ` ${EFFECTS[item.effect][0]} ${EFFECTS[item.effect][1]}`))
      : el("span", { class: "muted" }, "no items")),
    el("div", { class: "ld-zombies" }, s.zombies.length ? s.zombies.map(zombie)
      : el("span", { class: "muted" }, "no zombies")),
    s.attacked ? el("span", { class: "ld-badge" }, "attacked this round") : null);
  }

  function hand(snapshot) {
    const view = snapshot.view;
    const attacking = view.step === "attack";
    const cards = view.hand.map((h) => {
      const picked = chosen.includes(h.card);
      return el(attacking ? "button" : "span", {
        class: ["ld-hand-card", picked ? "ld-picked" : ""].join(" "),
        "aria-pressed": attacking ? String(picked) : null,
        onclick: attacking ? () => {
          chosen = picked ? chosen.filter((c) => c !== h.card) : [...chosen, h.card].slice(-2);
          ZT.render(snapshot);
        } : null,
      }, cardFace(h.card, h.label, "ld-big"));
    });
    const hint = attacking
      ? (chosen.length ? "Now tap a highlighted survivor." : "Tap one card, or two for a pair, then a survivor.")
      : null;
    return el("section", { class: "ld-hand" },
      el("h3", {}, `Zombie Hand (${view.hand.length}/3)`),
      el("div", { class: "ld-row" }, cards.length ? cards : el("span", { class: "muted" }, "empty")),
      hint ? el("p", { class: "muted" }, hint) : null);
  }

  function piles(view) {
    return el("section", { class: "ld-piles" }, PILES.map(([key, name]) => el("div", { class: "ld-pile" },
      el("span", { class: "ld-count" }, String(view.piles[key])), el("span", {}, name))));
  }

  function currentFight(view) {
    const f = view.fight;
    if (!f) return null;
    return el("section", { class: "ld-fight ld-now-fight" },
      el("h3", {}, `Fight: survivor ${f.survivor} against ${f.labels.join(" + ")}, worth ${f.value}`),
      el("div", { class: "ld-row" }, f.dice.length ? f.dice.map((d) => die(d)) : el("span", { class: "muted" }, "roll two dice"),
        f.items.length ? el("span", {}, ` items used: ${f.items.join(", ")}`) : null),
      f.waiting === "extra" ? el("p", {}, "Roll one extra die.") : null,
      f.waiting === "item" ? el("p", {}, "Draw the new item.") : null);
  }

  function fights(view) {
    if (!view.fights.length) return null;
    return el("section", { class: "ld-fights" }, el("h3", {}, `Round ${view.round} fights`),
      el("ol", {}, view.fights.map((f) => el("li", { class: `ld-result ld-r-${f.result}` },
        el("span", { class: "ld-who" }, `#${f.survivor}`),
        el("span", { class: "ld-row" }, f.dice.map((d) => die(d))),
        el("span", {}, ` vs ${f.zombie.join("+")} (${f.value}): ${RESULTS[f.result]}`),
        f.items.length ? el("span", { class: "muted" }, ` · items ${f.items.join(", ")}`) : null,
        " ", ruleButton(f.rule)))));
  }

  function legend(view) {
    const SYM = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };
    return el("p", { class: "ld-legend muted" }, "Items: ",
      Object.entries(view.effects).map(([suit, e]) => `${SYM[suit]} ${EFFECTS[e.effect][1]}`).join(" · "));
  }

  ZT.register("lonely-dead", {
    render(snapshot, root) {
      const view = snapshot.view;
      if (view.step !== "attack") chosen = [];
      chosen = chosen.filter((c) => view.hand.some((h) => h.card === c));
      const banner = view.over
        ? el("p", { class: `ld-banner ${view.horde_won ? "ld-win-horde" : "ld-win-survivors"}` },
          `${view.ended} Score: ${view.score} rounds.`)
        : el("p", { class: "ld-round" }, view.round ? `Round ${view.round}` : "Setting up");
      root.append(el("div", { class: "ld" },
        el("div", { class: "ld-top" }, banner, stepper(view)),
        el("section", { class: "ld-table" }, view.survivors.map((s) => survivor(snapshot, s))),
        currentFight(view),
        hand(snapshot),
        fights(view),
        piles(view),
        legend(view)));
    },
  });
})();
