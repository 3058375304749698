// Zombie Dice: this turn's dice drawn as dice, the cup, the bust that ended the last turn, the
// advice; the roll entered on a face-by-colour grid (one tap a die, the roll sent with the last).
"use strict";
(() => {
  const { el } = ZT;
  const FACES = ["brain", "feet", "shotgun"];
  // What a pip shows on each colour (rule ZD-P), as the engine maps it.
  const PIP_FACES = {
    green: ["brain", "brain", "brain", "feet", "feet", "shotgun"],
    yellow: ["brain", "brain", "feet", "feet", "shotgun", "shotgun"],
    red: ["brain", "feet", "feet", "shotgun", "shotgun", "shotgun"],
  };
  const symbol = (die) => (typeof die.value === "number" ? PIP_FACES[die.color]?.[die.value - 1] : die.value);
  const total = (counts) => Object.values(counts).reduce((a, b) => a + b, 0);
  const dice = (n, adjective) => `${n} ${adjective ? adjective + " " : ""}${n === 1 ? "die" : "dice"}`;
  const pipsWanted = () => localStorage.getItem("zt-zd-pips") === "yes";

  // Dice of each colour, `counts` = {green: 2, ...}, all showing `face`.
  const drawn = (counts, face) => Object.entries(counts).flatMap(([color, n]) =>
    Array.from({ length: n }, () => ZT.die(face, color, { size: 40 })));

  // The shotguns of a turn that ended in a bust: the dice of that player's rolls back to the
  // turn's start.
  function bustOf(snapshot) {
    const log = snapshot.log;
    const last = log[log.length - 1];
    if (!last || !(last.signals || []).includes("bust")) return null;
    const shotguns = [];
    for (let i = log.length - 1; i >= 0; i--) {
      const entry = log[i];
      if (entry.player !== last.player || entry.kind !== "roll") break;
      for (const die of entry.roll.dice) if (symbol(die) === "shotgun") shotguns.push(die.color);
    }
    return { player: last.player, shotguns };
  }

  // The advice before a decision (kept in these two functions): the headline, which follows the
  // figure the table's setting chooses, and the chance to win and the brains this turn, each for
  // rolling on and for stopping, side by side, the followed one marked. With three players or
  // more before the last round the chance to win is a duel with the leader (the guide says
  // why), and says so.
  function adviceHeadline(a) {
    if (!a) return null;
    const best = a.best === "roll" ? "roll again" : "stop";
    return el("p", { class: "zd-headline", dataset: { best: a.best, follows: a.follows } },
      el("strong", {}, `Best: ${best}`),
      el("span", { class: "muted" }, ` · next roll ends the turn: ${(100 * a.bust_probability).toFixed(1)}%`));
  }

  function adviceFigures(a, view) {
    if (!a) return null;
    const percent = (p) => (p > 0 && p < 0.005 ? "under 1%" : p < 1 && p > 0.995 ? "over 99%" : `${Math.round(100 * p)}%`);
    const figure = (key, label, roll, stop) => el("div", { class: a.follows === key ? "figure followed" : "figure" },
      el("span", { class: "label" }, label, a.follows === key ? " (the advice follows this)" : ""),
      el("strong", {}, `roll ${roll}, stop ${stop}`));
    const duel = view.players.length > 2 && !view.final_round;
    return el("div", { class: "zd-advice" },
      figure("win", duel ? "To win vs. the leader" : "To win", percent(a.win.roll), percent(a.win.stop)),
      figure("brains", "Brains this turn", a.brains.roll.toFixed(1), String(a.brains.stop)));
  }

  function pile(title, count, dice, extra) {
    return el("section", { class: "zd-pile", "aria-label": `${title}: ${count}` },
      el("h3", {}, title, " ", el("span", { class: "count" }, String(count))),
      el("div", { class: "zd-dice" }, dice), extra || null);
  }

  // The roll entry: a tray of the dice entered so far (tap one to take it back), a row of face
  // buttons for each kept die whose colour is known, and the face-by-colour grid for new dice.
  function rollInput(field, spec, snapshot, set) {
    const request = snapshot.prompt.roll;
    const preset = request.preset_colors || [];
    const pips = request.faces.some((f) => typeof f === "number") && pipsWanted();
    const faces = pips ? [1, 2, 3, 4, 5, 6] : FACES.filter((f) => request.faces.includes(f));
    const slots = Array.from({ length: request.count }, (_, i) => ({ color: preset[i] || null, value: null, kept: i < preset.length }));
    const box = ZT.sends(el("div", { class: "zd-entry" }));
    const update = () => {
      const done = slots.every((s) => s.value !== null);
      draw();
      set(done ? { dice: slots.map((s) => ({ value: s.value, color: s.color })), source: "manual", confidence: 1 } : undefined,
        { send: done });
    };
    const draw = () => {
      const tray = el("div", { class: "zd-tray", role: "group", "aria-label": "The dice of this roll" }, slots.map((s, i) =>
        s.value === null
          ? el("span", { class: "zd-slot empty", dataset: { slot: i + 1 } }, ZT.die(null, s.color, { size: 44 }),
            el("span", { class: "visually-hidden" }, `die ${i + 1} not set`))
          : el("button", {
            class: "zd-slot", dataset: { slot: i + 1 }, "aria-label": `Take back die ${i + 1}: ${s.color} ${s.value}`,
            onclick: () => { s.value = null; if (!s.kept) s.color = null; update(); },
          }, ZT.die(s.value, s.color, { size: 44 }), el("span", { class: "undo-mark", "aria-hidden": "true" }, "✕"))));
      // The kept feet side by side, each die's faces in a frame of its own, under one label.
      const waiting = slots.filter((s) => s.kept && s.value === null);
      const kept = waiting.length ? el("div", { class: "zd-kept-all" },
        el("span", { class: "label" }, waiting.length === 1 ? "Your kept die shows:" : "Your kept dice show:"),
        el("div", { class: "zd-kept-dice" }, waiting.map((s) => el("div", {
          class: "zd-kept", role: "group", "aria-label": `Your kept ${s.color} die shows`,
        }, faces.map((face) => el("button", {
          class: "zd-cell", dataset: { color: s.color, face: String(face), kept: "" },
          "aria-label": `kept ${s.color} ${face}`, onclick: () => { s.value = face; update(); },
        }, ZT.die(face, s.color, { size: pips ? 36 : 48 }))))))) : null;
      const free = slots.filter((s) => !s.kept && s.value === null).length;
      const grid = free ? el("div", { class: "zd-grid", style: `--faces: ${faces.length}`, role: "group", "aria-label": "New dice: colour and face" },
        request.colors.flatMap((color) => faces.map((face) => el("button", {
          class: "zd-cell", dataset: { color, face: String(face) }, "aria-label": `${color} ${face}`,
          onclick: () => {
            const slot = slots.find((s) => !s.kept && s.value === null);
            if (!slot) return;
            slot.color = color;
            slot.value = face;
            update();
          },
        }, ZT.die(face, color, { size: pips ? 44 : 50 }))))) : null;
      const toggle = request.faces.some((f) => typeof f === "number") ? el("button", {
        class: "small zd-pips", "aria-pressed": String(pips),
        onclick: () => { localStorage.setItem("zt-zd-pips", pips ? "no" : "yes"); ZT.redraw(); },
      }, pips ? "Zombie faces" : "Pip dice (1-6)") : null;
      box.replaceChildren(...[
        el("h3", {}, `Tap the ${dice(request.count)} rolled`),
        // What the roll takes (the feet, the new dice, a refill first), once the prompt leaves it out.
        snapshot.legal.some((s) => s.kind === "stop") ? el("p", { class: "roll-label" }, field.label) : null,
        el("div", { class: "zd-entry-head" }, tray, toggle), kept, free ? el("p", { class: "hint muted" }, `${dice(free, "new")}: tap colour and face`) : null, grid,
      ].filter(Boolean));
    };
    draw();
    return box;
  }

  ZT.register("zombie-dice", {
    scores(snapshot) {
      const view = snapshot.view;
      return view.players.map((p) => ({
        name: p.name, score: p.score, current: p.name === view.current, out: !p.in_round,
        unit: p.score === 1 ? "brain" : "brains",
      }));
    },

    primary(snapshot) {
      return ["roll", "stop"].filter((kind) => snapshot.legal.some((s) => s.kind === kind));
    },

    input(field, spec, snapshot, set) {
      return field.type === "roll" && spec.kind === snapshot.prompt.action ? rollInput(field, spec, snapshot, set) : null;
    },

    moment(signal, entry) {
      if (signal === "bust") return { title: "Bust!", text: `Three shotguns: ${entry.player}'s turn ends with nothing banked.` };
      return null;
    },

    render(snapshot, root) {
      const view = snapshot.view;
      if (snapshot.status === "finished") {
        root.append(el("div", { class: "zd" }, view.last ? el("p", { class: "zd-last" }, view.last) : null));
        return;
      }
      const parts = [];
      if (view.final_round) {
        parts.push(el("p", { class: "zd-banner" }, view.tiebreaks ? `Tiebreaker round ${view.tiebreaks}` : "Last round!"));
      }
      const bust = bustOf(snapshot);
      if (bust) {
        parts.push(el("section", { class: "zd-bust", "aria-label": "The last turn ended in a bust" },
          el("strong", {}, `Bust: ${bust.player} was shot ${bust.shotguns.length} times, nothing banked`),
          el("div", { class: "zd-dice" }, bust.shotguns.map((c) => ZT.die("shotgun", c, { size: 40 })))));
      }
      parts.push(adviceHeadline(view.advice));
      const shot = total(view.shotguns);
      parts.push(el("div", { class: "zd-turn" },
        pile("Brains", view.turn_brains, drawn(view.brains, "brain"),
          view.noted_brains ? el("p", { class: "muted" }, `+${view.noted_brains} back in the cup, still counted`) : null),
        pile("Shotguns", `${shot} of 3`, [...drawn(view.shotguns, "shotgun"),
          ...Array.from({ length: Math.max(0, 3 - shot) }, () => el("span", { class: "zd-empty", "aria-hidden": "true" }))]),
        pile("Feet", total(view.feet), drawn(view.feet, "feet")),
        pile("Cup", total(view.cup), Object.entries(view.cup).map(([color, n]) => el("span", { class: "zd-cup" },
          ZT.die(null, color, { size: 32 }), el("span", {}, `${n} ${color}`))))));
      parts.push(adviceFigures(view.advice, view));
      if (view.last && !bust) parts.push(el("p", { class: "zd-last muted" }, view.last));
      root.append(el("div", { class: "zd" }, parts));
    },
  });
})();
