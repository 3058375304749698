// Zombie Dice board: scores, the cup, this turn's dice, and the advice.
"use strict";
const ZD_SYMBOL = { brain: "B", feet: "F", shotgun: "S" };

ZT.register("zombie-dice", {
  scores(snapshot) {
    const view = snapshot.view;
    return view.players.map((p) => ({
      name: p.name, score: p.score, current: p.name === view.current, out: !p.in_round,
    }));
  },

  primary(snapshot) {
    return ["roll", "stop"].filter((kind) => snapshot.legal.some((s) => s.kind === kind));
  },

  render(snapshot, root) {
    const view = snapshot.view;
    const { el } = ZT;
    const dice = (counts, symbol) => Object.entries(counts).flatMap(([color, n]) =>
      Array.from({ length: n }, () => el("span", { class: `die c-${color}`, title: color }, symbol || "")));
    const turn = el("div", { class: "turn" },
      el("div", { class: "pile" }, el("h3", {}, `Brains ${view.turn_brains}`),
        dice(view.brains, ZD_SYMBOL.brain),
        view.noted_brains ? el("span", { class: "noted" }, `+${view.noted_brains} back in the cup`) : null),
      el("div", { class: "pile" }, el("h3", {}, `Shotguns ${Object.values(view.shotguns).reduce((a, b) => a + b, 0)}`),
        dice(view.shotguns, ZD_SYMBOL.shotgun)),
      el("div", { class: "pile" }, el("h3", {}, `Feet ${Object.values(view.feet).reduce((a, b) => a + b, 0)}`),
        dice(view.feet, ZD_SYMBOL.feet)),
      el("div", { class: "pile cup" }, el("h3", {}, `Cup ${Object.values(view.cup).reduce((a, b) => a + b, 0)}`),
        el("span", { class: "muted" }, Object.entries(view.cup).map(([c, n]) => `${n} ${c}`).join(" · "))));
    const notes = [];
    if (view.final_round) notes.push(el("p", { class: "banner" }, view.tiebreaks ? `Tiebreaker round ${view.tiebreaks}` : "Last round!"));
    if (view.last) notes.push(el("p", { class: "last" }, view.last));
    let advice = null;
    if (view.advice) {
      const a = view.advice;
      advice = el("div", { class: "advice", dataset: { best: a.best } },
        el("strong", {}, `Next roll ends the turn: ${(100 * a.bust_probability).toFixed(1)}%`),
        el("span", {}, ` · Best: ${a.best === "roll" ? "roll again" : "stop"} ` +
          `(roll ≈ ${a.roll_value.toFixed(2)} brains, stop = ${a.stop_value})`));
    }
    root.append(el("div", { class: "zd" }, notes, turn, advice));
  },
});
