// ZOMBIES!!! The Card Game board: the map stack and the current location, a panel per player
// (draw deck on its way to the helipad, bullets, hand, cards in front), and this turn's combat
// rolls with their bullet arithmetic.
"use strict";
(() => {
  const { el } = ZT;
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const STEPS = [["map", "Map card"], ["fight", "Fight"], ["pay", "Pay"], ["after", "End turn"]];

  function steps(view) {
    return el("ol", { class: "zc-steps" }, STEPS.map(([key, label]) => el("li", {
      class: key === view.phase ? "zc-now" : "",
    }, label)));
  }

  function placeName(card) {
    return (card.name || "Unnamed location") + (card.building ? " (building)" : "");
  }

  function location(view) {
    const top = view.location;
    if (!top) return el("div", { class: "zc-location zc-empty" }, "No map card yet");
    const fighting = ["fight", "pay"].includes(view.phase);
    return el("div", { class: "zc-location", dataset: { card: top.card } },
      el("div", { class: "zc-label" }, "Current location"),
      el("div", { class: "zc-place" }, placeName(top)),
      el("div", { class: "zc-zombies" }, plural(top.zombies, "zombie")),
      fighting || view.zombies_left ? el("div", { class: "zc-left" }, `${view.zombies_left} still to fight`) : null,
      view.roll_change ? el("div", { class: "zc-change" }, `Next roll ${signed(view.roll_change)} from cards`) : null,
      view.fighting_over ? el("div", { class: "zc-over" }, "Fighting is over for this turn") : null,
      el("div", { class: "muted" }, `laid by ${top.owner}`));
  }

  function mapStack(view) {
    const cards = view.map_stack.cards;
    return el("section", { class: "zc-map" },
      el("h4", {}, `Map stack: ${plural(cards.length, "card")}`,
        el("span", { class: "muted" }, ` · ${view.map_stack.spare} can pay for rolls`)),
      el("ol", { class: "zc-stack" }, cards.map((c, i) => el("li", {
        class: i === cards.length - 1 ? "zc-top" : "", title: `laid by ${c.owner}`,
      }, el("span", { class: "zc-stack-name" }, c.name || "unnamed"),
      el("span", { class: "zc-stack-z" }, plural(c.zombies, "zombie"))))),
      el("div", { class: "muted zc-stack-ends" }, "bottom (pays first) → top (current location)"));
  }

  function inPlay(snapshot, player, card) {
    const arm = snapshot.legal.find((s) => s.kind === "arm" && s.params.weapon === card.card);
    const text = card.kind === "weapon" ? `${card.name} ${signed(card.bonus)}` : card.name;
    const notes = [
      card.place ? `at ${card.place}` : null,
      card.target ? `on ${card.target}` : null,
      card.picked ? "picked" : null,
    ].filter((n) => n);
    const onclick = arm ? () => ZT.act("arm", { weapon: card.card }).catch(() => {}) : null;
    return el(onclick ? "button" : "div", {
      class: ["zc-card", `zc-${card.kind}`, card.picked ? "zc-picked" : "", onclick ? "zc-tap" : ""].join(" "),
      dataset: { card: card.card }, onclick,
      "aria-label": onclick ? `fight with ${card.name}` : null,
    }, el("span", { class: "zc-card-name" }, text),
    notes.length ? el("span", { class: "zc-card-note" }, notes.join(" · ")) : null);
  }

  function panel(snapshot, view, p) {
    const gone = Math.max(0, p.deck_start - p.deck);
    const progress = p.deck_start ? Math.min(100, Math.round((100 * gone) / p.deck_start)) : 0;
    return el("section", {
      class: ["zc-panel", p.current ? "zc-current" : "", p.alive ? "" : "zc-dead",
        view.winners.includes(p.name) ? "zc-winner" : ""].join(" "),
      dataset: { player: p.name },
    },
    el("header", { class: "zc-head" },
      el("h3", {}, p.name),
      p.current ? el("span", { class: "zc-flag zc-turn" }, "their turn") : null,
      !p.alive ? el("span", { class: "zc-flag zc-eaten" }, "eaten") : null,
      view.winners.includes(p.name) ? el("span", { class: "zc-flag zc-won" }, "escaped!") : null,
      p.played_this_round ? el("span", { class: "zc-flag" }, "card played this round") : null),
    el("div", { class: "zc-helipad" },
      el("div", { class: "zc-deck" }, `${plural(p.deck, "card")} to the helipad`),
      el("div", { class: "zc-bar", role: "progressbar", "aria-valuenow": progress, "aria-valuemin": 0, "aria-valuemax": 100 },
        el("div", { class: "zc-fill", style: `width: ${progress}%` }))),
    el("div", { class: "zc-counts" },
      el("span", { class: "zc-bullets" }, plural(p.bullets, "bullet")),
      el("span", { class: "zc-hand" }, `${p.hand} in hand`),
      p.out ? el("span", { class: "muted" }, `${p.out} out of the game`) : null),
    p.in_play.length
      ? el("div", { class: "zc-row" }, p.in_play.map((c) => inPlay(snapshot, p, c)))
      : el("div", { class: "muted" }, "Nothing in front"));
  }

  function rollLine(r, waiting) {
    const parts = [el("span", { class: "zc-die" }, `rolled ${r.die}`)];
    if (r.weapon) parts.push(el("span", { class: "zc-mod" }, ` ${signed(r.bonus)} ${r.weapon}`));
    if (r.change) parts.push(el("span", { class: "zc-mod" }, ` ${signed(r.change)} cards`));
    if (r.weapon || r.change) parts.push(el("span", {}, ` = ${r.total}`));
    const means = [];
    if (r.bullets) means.push(plural(r.bullets, "bullet"));
    if (r.map_cards) means.push(plural(r.map_cards, "map stack card"));
    if (r.unpaid) means.push(`${r.unpaid} nothing can pay`);
    const pay = r.short ? ` · ${r.short} short of 4: ${means.join(" and ") || "nothing to pay with"}` : "";
    const result = waiting ? "waiting to be paid" : r.result + (r.drew ? ", drew a card" : "");
    return el("li", { class: ["zc-roll", `zc-${r.result.replace(/[ ,]+/g, "-")}`, waiting ? "zc-waiting" : ""].join(" ") },
      el("span", { class: "zc-roll-head" }, `Zombie ${r.zombie}: `), parts,
      pay ? el("span", { class: "zc-pay" }, pay) : null,
      el("span", { class: "zc-result" }, ` → ${result}`));
  }

  function combat(view) {
    const rows = view.combat.map((r) => rollLine(r, false));
    if (view.waiting_roll) rows.push(rollLine(view.waiting_roll, true));
    if (!rows.length) return null;
    return el("section", { class: "zc-combat" }, el("h4", {}, `${view.current}'s combat rolls`),
      el("ol", {}, rows));
  }

  ZT.register("zombies-card-game", {
    render(snapshot, root) {
      const view = snapshot.view;
      root.append(el("div", { class: "zc" },
        el("div", { class: "zc-top" }, steps(view), location(view)),
        combat(view),
        mapStack(view),
        el("div", { class: "zc-panels" }, view.players.map((p) => panel(snapshot, view, p))),
        view.last ? el("p", { class: "muted" }, view.last) : null,
        el("p", { class: "muted zc-box" }, `${view.deal} cards each · ${view.box} in the box · lost cards: ${view.lost_cards}`)));
    },
  });
})();
