// The game screen's shell (docs/DESIGN.md, "Game screens"): the live snapshot, the scores strip,
// the prompt, the board a game's module draws, the entry and the fixed action bar, the sheet
// (other actions, log, table settings, links), moments, the end of a game, screen wake.
"use strict";
Object.assign(ZT, {
  modules: {},
  snapshot: null,
  sentAt: -1, // when the last move was sent (performance.now())
  colours: {}, // each known player's colour (Settings), by every name they go by, in lower case

  // A game's module: {render, scores?, primary?, input?, moment?, ask?} (docs/DESIGN.md).
  register(kind, module) {
    ZT.modules[kind] = module;
  },

  module() {
    return ZT.modules[ZT.kind] || { render() {} };
  },

  // The steps of a turn or round in order, as [words, current] pairs; the current one marked.
  phases(label, steps) {
    return ZT.el("ol", { class: "phases", "aria-label": label }, steps.map(([words, now]) => ZT.el("li", {
      "aria-current": now ? "step" : null,
    }, words)));
  },

  gamePath(suffix) {
    return `/api/games/${ZT.gameId}${suffix}`;
  },

  // Every change to the game: the answer is drawn at once; a refusal becomes the notice.
  // While a change is on its way the entry and the bar wait (no second tap sends it twice) and
  // the header says "sending…".
  async change(suffix, body) {
    const game = document.getElementById("game");
    game.setAttribute("aria-busy", "true");
    ZT.sentAt = performance.now();
    try {
      const snapshot = await ZT.send("POST", ZT.gamePath(suffix), { ...body, version: ZT.snapshot.version });
      ZT.clearNotice();
      ZT.render(snapshot);
      return snapshot;
    } catch (error) {
      if (error.status !== 401) ZT.fail(error);
      throw error;
    } finally {
      game.removeAttribute("aria-busy");
    }
  },

  // Send a legal action; quiet ones (give up, end the game) and those the module asks about
  // ask first. Resolves to the new snapshot, or null when nothing was sent.
  async act(kind, params) {
    const spec = ZT.snapshot.legal.find((s) => s.kind === kind) || { kind, label: kind, fields: [] };
    const question = ZT.module().ask?.(spec, ZT.snapshot) || (spec.quiet ? `${spec.label}?` : null);
    if (question && !(await ZT.confirm(question, spec.label, "Keep playing"))) return null;
    return ZT.change("/actions", { kind, params: params || {} }).catch(() => null);
  },

  start() {
    const root = document.getElementById("game");
    ZT.gameId = root.dataset.id;
    ZT.kind = root.dataset.kind;
    ZT.ruleBook(ZT.kind).catch(() => {}); // the rule cards open at once
    document.getElementById("undo").addEventListener("click", () => ZT.undo());
    document.getElementById("menu").addEventListener("click", () => ZT.openMenu());
    document.getElementById("sheet-close").addEventListener("click", () => ZT.closeSheet());
    document.addEventListener("zt-lock", () => ZT.snapshot && ZT.render(ZT.snapshot, true));
    ZT.keepAwake();
    ZT.watchDice();
    // a player wears the colour the Settings page gives them, as on the home and records pages
    fetch("/api/players").then((r) => r.json()).then(({ known }) => {
      for (const p of known) for (const name of [p.name, ...p.names]) ZT.colours[name.toLowerCase()] = p.colour;
      if (ZT.snapshot) ZT.renderScores(ZT.snapshot);
    }).catch(() => {}); // without them each seat keeps a colour of its own
    // The second tap of a double tap on what sent a move would land on what is drawn for the
    // next move (a die of the next roll, Undo once more): a repeated tap (a click whose detail
    // counts 2 or more) after a tap that sent a move is dropped.
    let lastTap = 0;
    document.addEventListener("click", (event) => {
      if (event.detail > 1 && ZT.sentAt >= lastTap) {
        event.stopPropagation();
        event.preventDefault();
        return;
      }
      lastTap = performance.now();
    }, true);
    const live = document.getElementById("live");
    ZT.live.watch(ZT.gameId, ZT.render, (state) => {
      live.textContent = state === "live" ? "live" : `${state}…`;
      live.className = state === "live" ? "live on" : "live";
    });
  },

  // -- drawing -------------------------------------------------------------------------------

  render(snapshot, again) {
    const previous = ZT.snapshot;
    if (previous && snapshot.version < previous.version) return;
    // The same version again (the live stream after this tablet's own change) is skipped; the
    // same snapshot object is a module asking to be drawn again (ZT.render(ZT.snapshot)).
    if (previous && snapshot.version === previous.version && snapshot !== previous && !again) return;
    ZT.snapshot = snapshot;
    const root = document.getElementById("game");
    root.dataset.version = snapshot.version;
    root.dataset.status = snapshot.status;
    ZT.renderScores(snapshot);
    // At the end the ending says who won, once; the prompt says what next.
    document.getElementById("prompt").textContent = snapshot.status === "finished"
      ? "Rematch with the same players, or start a new game." : snapshot.prompt.text;
    ZT.linkPrompt(snapshot);
    const board = document.getElementById("board");
    board.replaceChildren();
    ZT.module().render(snapshot, board);
    ZT.renderBar(snapshot);
    ZT.renderEnding(snapshot);
    const now = board.querySelector("[data-now]"); // once the entry has its size
    if (now) ZT.reveal(now, board);
    if (document.getElementById("sheet").open && ZT._sheetIsMenu) ZT.fillMenu();
    if (previous && !again) ZT.moments(previous, snapshot);
    if (snapshot.status === "finished") ZT.sleep();
  },

  // Scroll the board, and only the board, so that the part the step is about (a module marks it
  // data-now) is in view: as little as it takes, its top first when it is taller than the board.
  reveal(node, board) {
    const margin = 8;
    const [b, n] = [board, node].map((e) => e.getBoundingClientRect());
    if (n.top < b.top + margin || n.height > b.height - 2 * margin) board.scrollTop += n.top - b.top - margin;
    else if (n.bottom > b.bottom - margin) board.scrollTop += n.bottom - b.bottom + margin;
  },

  // Draw the same snapshot again, entry included (after a choice kept in this browser).
  redraw() {
    delete document.getElementById("bar-actions").dataset.shown;
    ZT.render(ZT.snapshot, true);
  },

  scoresOf(snapshot) {
    const module = ZT.module();
    if (module.scores) return module.scores(snapshot);
    return snapshot.players.map((name) => ({ name, score: null, current: name === snapshot.prompt.player, out: false }));
  },

  renderScores(snapshot) {
    const finished = snapshot.status === "finished";
    const winners = new Set(snapshot.outcome?.winners || []);
    document.getElementById("scores").replaceChildren(...ZT.scoresOf(snapshot).map((p, seat) => ZT.el("li", {
      class: ["score-chip", p.current && !finished ? "current" : "", p.out ? "out" : "", winners.has(p.name) ? "winner" : ""].join(" "),
      dataset: { player: p.name, seat },
      "aria-current": p.current && !finished ? "true" : null,
    },
    ZT.el("span", { class: "seat", style: `background: ${p.color || ZT.colours[p.name.toLowerCase()] || `var(--p${(seat % 8) + 1})`}`, "aria-hidden": "true" }),
    ZT.el("span", { class: "name" }, p.name),
    p.label ? ZT.el("span", { class: "note" }, p.label) : null,
    p.score === null || p.score === undefined ? null : ZT.el("span", { class: "score" }, String(p.score)),
    p.note ? ZT.el("span", { class: "note" }, p.note) : null)));
  },

  // The kinds of the legal actions that belong in the action bar (the module may choose).
  primaryKinds(snapshot) {
    const legal = new Map(snapshot.legal.map((s) => [s.kind, s]));
    let kinds = ZT.module().primary?.(snapshot);
    if (!kinds) {
      kinds = [snapshot.prompt.action, snapshot.default?.kind].filter((k) => k && legal.has(k));
      if (!kinds.length) kinds = snapshot.legal.filter((s) => !s.quiet).map((s) => s.kind);
    }
    return [...new Set(kinds)].filter((k) => legal.has(k) && !legal.get(k).quiet).slice(0, 3);
  },

  renderBar(snapshot) {
    const bar = document.getElementById("bar-actions");
    const entry = document.getElementById("entry");
    const undo = document.getElementById("undo");
    const finished = snapshot.status === "finished";
    undo.hidden = finished || !ZT.granted || !snapshot.log.length;
    // The entry is rebuilt only when the legal actions change, so a half-entered roll survives
    // another tablet's refresh of the same position.
    const shown = JSON.stringify([ZT.granted, finished, snapshot.version]);
    if (bar.dataset.shown === shown) return;
    bar.dataset.shown = shown;
    entry.replaceChildren();
    const stage = document.getElementById("stage");
    if (finished) {
      stage.classList.remove("no-entry"); // the ending takes the entry's place
      bar.replaceChildren(
        ZT.el("button", { class: "primary big", dataset: { step: "rematch" }, onclick: () => ZT.rematch() }, "Rematch"),
        ZT.el("a", { class: "button big", href: `/?kind=${ZT.kind}#new-game`, dataset: { step: "new-game" } }, "New game"));
      return;
    }
    if (!ZT.granted) {
      stage.classList.add("no-entry"); // nothing to enter here: the board has the whole stage
      bar.replaceChildren(ZT.el("button", { class: "primary big", dataset: { step: "unlock" }, onclick: () => ZT.askPin() },
        "Unlock to play"));
      return;
    }
    const buttons = [];
    for (const kind of ZT.primaryKinds(snapshot)) {
      const spec = snapshot.legal.find((s) => s.kind === kind);
      if (!spec.fields.length) {
        buttons.push(ZT.el("button", {
          class: buttons.length ? "big" : "primary big", dataset: { action: spec.kind },
          onclick: () => ZT.act(spec.kind, spec.params),
        }, spec.label));
      } else {
        const submit = ZT.el("button", { class: "primary big", dataset: { action: spec.kind, submit: "" }, disabled: true }, spec.label);
        const form = ZT.form(spec, snapshot, submit);
        entry.append(form);
        if (!form.querySelector("[data-sends]")) buttons.push(submit); // an input that sends by itself needs none
      }
    }
    bar.replaceChildren(...buttons);
    stage.classList.toggle("no-entry", !entry.childElementCount);
    entry.scrollTop = 0; // a new step's inputs start at their top, wherever the last one was tapped
  },

  // The inputs of an action; `submit` sends it once every field is filled. Sending, by `submit`
  // or by an input that sends by itself, fires "send" on `submit`, its detail the promise of
  // ZT.act (the menu closes when the move is taken, and keeps the form when it is refused).
  form(spec, snapshot, submit) {
    const values = {};
    const complete = () => spec.fields.every((f) => values[f.name] !== undefined);
    const send = () => {
      ZT.refused = null;
      const sent = ZT.act(spec.kind, { ...spec.params, ...values });
      submit.dispatchEvent(new CustomEvent("send", { detail: sent }));
      return sent;
    };
    submit.addEventListener("click", () => { if (complete()) send(); });
    const takesDice = spec.fields.some((f) => f.type === "roll"); // dice.js offers it for entry by hand
    const box = ZT.el("div", { class: `action-form${takesDice ? " takes-dice" : ""}`, dataset: { action: spec.kind } });
    if (spec.fields.length > 1 || !ZT.module().input) box.append(ZT.el("h3", {}, spec.label));
    for (const field of spec.fields) {
      const set = (value, options) => {
        values[field.name] = value;
        submit.disabled = !complete();
        if (options?.send && complete()) send();
      };
      box.append(ZT.module().input?.(field, spec, snapshot, set) || ZT.input(field, spec, snapshot, set));
    }
    return box;
  },

  // The generic input of a field (a game's module may draw its own).
  input(field, spec, snapshot, set) {
    switch (field.type) {
      case "roll": return ZT.rollInput(field, spec, snapshot, set);
      case "card": return ZT.cardPicker(field, set);
      case "cards": return ZT.cardsPicker(field, set);
      case "choice": return ZT.choice(field, set);
      case "int": return ZT.number(field, set);
      default: {
        const input = ZT.el("input", { "aria-label": field.label });
        input.addEventListener("input", () => set(input.value || undefined));
        return ZT.el("label", {}, field.label, input);
      }
    }
  },

  // The dice of a roll field, one tap a face, for the roll the prompt asks for (or `count` dice
  // of 1-6). `labelled` writes the field's label above them: what the roll is for, where the
  // prompt leaves it out. `send` sends the action with the last die; until then a die can be
  // tapped again (and the bar has no button for it: the dice are the action).
  rollInput(field, spec, snapshot, set, { labelled = false, send = false, count = 1 } = {}) {
    const request = spec.kind === snapshot.prompt.action && snapshot.prompt.roll ? snapshot.prompt.roll
      : { count, min_count: count, colors: [], faces: [1, 2, 3, 4, 5, 6] };
    const pad = ZT.dicePad(request, (dice) => set(dice && { dice, source: "manual", confidence: 1 }, { send: send && Boolean(dice) }));
    const box = labelled ? ZT.el("div", { class: "roll-entry", role: "group", "aria-label": field.label },
      ZT.el("p", { class: "roll-label" }, field.label), pad) : pad;
    return send && spec.fields.length === 1 ? ZT.sends(box) : box;
  },

  // Marks an input that always sends its action by itself (the last die, a card, a count
  // tapped): the tap is the action, so the bar keeps no button for it.
  sends(input) {
    input.dataset.sends = "";
    return input;
  },

  choice(field, set) {
    const buttons = field.options.map((option) => {
      const value = typeof option === "object" ? option.value : option;
      const label = typeof option === "object" ? option.label : String(option);
      return ZT.el("button", {
        class: "chip", "aria-pressed": "false", onclick: (event) => {
          for (const b of buttons) {
            b.classList.toggle("chosen", b === event.currentTarget);
            b.setAttribute("aria-pressed", String(b === event.currentTarget));
          }
          set(value);
        },
      }, label);
    });
    return ZT.el("div", { class: "choice", role: "group", "aria-label": field.label },
      ZT.el("span", { class: "label" }, field.label), ZT.el("div", { class: "chips" }, buttons));
  },

  number(field, set) {
    const low = field.min ?? 0;
    const high = field.max ?? low + 20;
    if (high - low <= 12) {
      const options = Array.from({ length: high - low + 1 }, (_, i) => low + i);
      return ZT.choice({ ...field, options }, set);
    }
    const input = ZT.el("input", { type: "number", min: low, max: high, "aria-label": field.label });
    input.addEventListener("input", () => set(input.value === "" ? undefined : Number(input.value)));
    return ZT.el("label", {}, field.label, input);
  },

  // -- the sheet -------------------------------------------------------------------------------

  openSheet(title, node) {
    ZT._sheetIsMenu = false;
    document.getElementById("sheet-title").textContent = title;
    document.getElementById("sheet-body").replaceChildren(node);
    const sheet = document.getElementById("sheet");
    if (!sheet.open) sheet.showModal();
  },

  closeSheet() {
    const sheet = document.getElementById("sheet");
    if (sheet.open) sheet.close();
  },

  openMenu() {
    ZT.openSheet("Menu", ZT.el("div"));
    ZT._sheetIsMenu = true;
    ZT.fillMenu();
  },

  fillMenu() {
    const snapshot = ZT.snapshot;
    const sections = [];
    const section = (title, ...children) => ZT.el("section", { class: "sheet-section" }, ZT.el("h3", {}, title), ...children);
    ZT._askBox = ZT._askBox || ZT.askBox(ZT.kind); // kept with its question while the game moves
    sections.push(section("Ask the referee", ZT._askBox));
    const primary = new Set(ZT.primaryKinds(snapshot));
    const others = ZT.granted ? snapshot.legal.filter((s) => !primary.has(s.kind)) : [];
    if (others.length) {
      const open = ZT.el("div", { class: "sheet-form" });
      sections.push(section("More", ZT.el("div", { class: "sheet-links" }, others.map((spec) => ZT.el("button", {
        class: spec.quiet ? "danger" : "", dataset: { action: spec.kind },
        onclick: () => {
          if (!spec.fields.length) {
            ZT.closeSheet();
            return ZT.act(spec.kind, spec.params);
          }
          const submit = ZT.el("button", { class: "primary big", dataset: { action: spec.kind, submit: "" }, disabled: true }, spec.label);
          const refusal = ZT.el("div", { class: "sheet-refusal", role: "alert", hidden: true });
          submit.addEventListener("send", (event) => event.detail.then((after) => {
            if (after) return ZT.closeSheet();
            // refused (or not confirmed): the form stays as filled in, the refusal above it
            const error = ZT.refused;
            ZT.refused = null;
            refusal.hidden = !error;
            if (error) refusal.replaceChildren(ZT.el("p", {}, error.message), ZT.ruleChip(error.rule));
            refusal.scrollIntoView({ block: "nearest" });
          }));
          const form = ZT.form(spec, snapshot, submit);
          open.replaceChildren(refusal, form, form.querySelector("[data-sends]") ? "" : ZT.el("div", { class: "sheet-submit" }, submit));
          open.scrollIntoView({ block: "start" }); // the form opens under a long list
        },
      }, spec.label))), open));
    }
    if (snapshot.status === "finished" && ZT.granted && snapshot.log.length) {
      sections.push(section("This game is over", ZT.el("p", {}, "It is read-only. Reopen it to take back its last move."),
        ZT.el("button", { dataset: { step: "reopen" }, onclick: () => ZT.reopen() }, "Reopen the game")));
    }
    sections.push(section("Game log", ZT.logList(snapshot)));
    const settings = ZT.settingsList(snapshot);
    if (settings) sections.push(section("Table settings", settings));
    sections.push(section("More pages", ZT.el("div", { class: "sheet-links" },
      ZT.el("a", { class: "button", href: `/rules/${ZT.kind}` }, "Rules"),
      ZT.el("a", { class: "button", href: ZT.gamePath("/export"), download: "" }, "Export the game"),
      ZT.el("a", { class: "button", href: "/settings" }, "Settings"),
      ZT.el("a", { class: "button", href: "/" }, "Home"))));
    document.getElementById("sheet-body").replaceChildren(...sections);
  },

  // The table settings the game was started with, read-only.
  settingsList(snapshot) {
    const book = ZT._settings;
    if (!book) {
      ZT.ruleBook(ZT.kind).then((data) => {
        ZT._settings = data.settings;
        if (ZT._settings.length && ZT._sheetIsMenu && document.getElementById("sheet").open) ZT.fillMenu();
      }, () => {});
      return null;
    }
    if (!book.length) return null;
    return ZT.el("dl", { class: "settings-list" }, book.flatMap((s) => [
      ZT.el("dt", {}, s.label), ZT.el("dd", {}, s.names[String(snapshot.setup?.[s.name] ?? s.default)], " ", ZT.ruleChip(s.rule))]));
  },

  // What an entry of the log did, in the words of its rulings.
  describe(entry) {
    const words = entry.rulings.map((r) => r.text).join(" ");
    return words || `${entry.player ? entry.player + ": " : ""}${entry.kind}`;
  },

  logList(snapshot) {
    if (!snapshot.log.length) return ZT.el("p", { class: "muted" }, "No move yet.");
    const list = ZT.el("ol", { class: "log", id: "log", reversed: true });
    for (const entry of [...snapshot.log].reverse()) {
      const item = ZT.el("li", { dataset: { seq: entry.seq } },
        entry.player ? ZT.el("span", { class: "who" }, `${entry.player} `) : null,
        entry.corrected ? ZT.el("span", { class: "muted" }, "(corrected) ") : null);
      for (const ruling of entry.rulings) {
        item.append(ZT.el("div", { class: "ruling" }, ruling.text, " ", ZT.ruleChip(ruling.rule)));
      }
      if (entry.roll && snapshot.status === "active" && ZT.granted) {
        item.append(ZT.el("button", { class: "fix", onclick: () => ZT.fixRoll(entry) }, "Fix this roll"));
      }
      list.append(item);
    }
    return list;
  },

  // -- undo, reopen, corrections, explained ----------------------------------------------------

  async undo() {
    const last = ZT.snapshot.log[ZT.snapshot.log.length - 1];
    try {
      await ZT.change("/undo", {});
      ZT.notice(`Undone: ${last ? ZT.describe(last) : "the last move"}`);
    } catch {
      // the refusal is shown
    }
  },

  async reopen() {
    const last = ZT.snapshot.log[ZT.snapshot.log.length - 1];
    const question = `Reopen the game? This takes back its last move: ${ZT.describe(last)}`;
    if (!(await ZT.confirm(question, "Reopen", "Keep it finished"))) return;
    ZT.closeSheet();
    try {
      await ZT.change("/reopen", {});
      ZT.notice(`Reopened: took back ${ZT.describe(last)}`);
    } catch {
      // the refusal is shown
    }
  },

  // A dialog to enter what the dice of a logged roll really showed; its errors show inside it.
  fixRoll(entry) {
    ZT.closeSheet();
    const old = entry.roll.dice;
    const request = ZT.fixRequest(old);
    let dice;
    const error = ZT.el("p", { class: "error", role: "alert" });
    const send = ZT.el("button", { class: "primary", disabled: true, onclick: async () => {
      const before = ZT.snapshot;
      try {
        const after = await ZT.send("POST", ZT.gamePath("/corrections"), { seq: entry.seq, dice, version: before.version });
        dialog.close();
        ZT.render(after);
        ZT.notice(ZT.correctionWords(entry, old, dice, before, after));
      } catch (failure) {
        error.replaceChildren(ZT.el("span", {}, failure.message, " "), ZT.ruleChip(failure.rule) || "");
        error.scrollIntoView({ block: "nearest" });
      }
    } }, "Correct the roll");
    const pad = ZT.dicePad(request, (value) => { dice = value; send.disabled = !value; }, old);
    const dialog = ZT.el("dialog", { class: "fix-dialog", "aria-labelledby": "fix-title" },
      ZT.el("h2", { id: "fix-title" }, `What did ${entry.player || "the roll"} really roll?`),
      ZT.el("p", { class: "muted" }, `Logged: ${ZT.diceWords(old)}`), pad, error,
      ZT.el("div", { class: "row" }, ZT.el("button", { onclick: () => dialog.close() }, "Cancel"), send));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  },

  // The dice request of a correction: every colour and face the game allows.
  fixRequest(old) {
    const now = ZT.snapshot.prompt.roll;
    const colors = now?.colors?.length ? now.colors : [...new Set(old.map((d) => d.color).filter((c) => c))];
    const faces = now?.faces?.length ? now.faces : [...new Set([1, 2, 3, 4, 5, 6, ...old.map((d) => d.value)])];
    return { count: old.length, min_count: old.length, colors, faces, preset_colors: [] };
  },

  diceWords(dice) {
    return dice.map((d) => `${d.color ? d.color + " " : ""}${d.value}`).join(", ");
  },

  correctionWords(entry, old, dice, before, after) {
    const replayed = before.log.filter((e) => e.seq > entry.seq).length;
    const was = Object.fromEntries(ZT.scoresOf(before).map((p) => [p.name, p.score]));
    const changes = ZT.scoresOf(after).filter((p) => was[p.name] !== p.score)
      .map((p) => `${p.name} ${was[p.name]} → ${p.score}`);
    // with no score changed, what the roll decided may still have (a battle's winner, a fight
    // now lost): the prompt then says what follows now, or else the roll's own rulings
    const decided = (snapshot) => snapshot.log.find((e) => e.seq === entry.seq);
    const then = decided(before), now = decided(after);
    const unchanged = after.prompt.text !== before.prompt.text ? `Now: ${after.prompt.text}`
      : then && now && ZT.describe(then) !== ZT.describe(now) ? `Now: ${ZT.describe(now)}` : "No score changed.";
    return `Roll corrected: ${ZT.diceWords(old)} is now ${ZT.diceWords(dice)}. ` +
      `${replayed ? `Replayed the ${replayed} move${replayed === 1 ? "" : "s"} after it. ` : ""}` +
      (changes.length ? `Scores: ${changes.join(", ")}.` : unchanged);
  },

  // -- moments and the end of a game ------------------------------------------------------------

  // The end of a game has no card over the board: the ending shows who won, growing in where
  // the entry was, with the win's sound.
  moments(previous, snapshot) {
    const seen = previous.log.length ? previous.log[previous.log.length - 1].seq : -1;
    for (const entry of snapshot.log.filter((e) => e.seq > seen)) {
      for (const signal of entry.signals || []) {
        if (signal === "game_over") { // the ending says it; a screen reader hears who won
          ZT.sound("win");
          document.getElementById("ending").focus();
          continue;
        }
        const words = ZT.module().moment?.(signal, entry, snapshot);
        if (words === false) continue;
        const fallback = { bust: "Bust!", wound: "Wounded", infection_out: "Infected" }[signal];
        if (!words && !fallback) continue;
        ZT.moment(signal, words?.title || fallback, words?.text || ZT.describe(entry));
      }
    }
  },

  moment(kind, title, text) {
    document.querySelector(".moment")?.remove();
    const box = ZT.el("div", { class: `moment m-${kind}`, role: "status" },
      ZT.el("strong", {}, title), text ? ZT.el("span", {}, text) : null);
    // over the board, hanging from its top: the entry stays in view for the next tap
    const stage = document.getElementById("stage");
    const [s, b] = [stage, document.getElementById("board")].map((e) => e.getBoundingClientRect());
    box.style.left = `${b.left - s.left + b.width / 2}px`;
    box.style.top = `${b.top - s.top + 8}px`;
    box.style.maxWidth = `${Math.max(b.width - 16, 240)}px`;
    stage.append(box);
    ZT.sound(kind);
    setTimeout(() => box.remove(), 2400);
  },

  renderEnding(snapshot) {
    const box = document.getElementById("ending");
    const finished = snapshot.status === "finished";
    box.hidden = !finished;
    document.getElementById("entry").hidden = finished;
    if (!finished) return;
    const winners = new Set(snapshot.outcome.winners);
    const score = (p) => (typeof p.rank === "number" ? p.rank : typeof p.score === "number" ? p.score : -Infinity);
    const ranked = [...ZT.scoresOf(snapshot)].sort((a, b) =>
      (winners.has(b.name) - winners.has(a.name)) || (score(b) - score(a)));
    box.replaceChildren(
      ZT.el("h2", { id: "ending-title" }, winners.size ? [ZT.icon("star"), ` ${[...winners].join(" and ")} won!`] : "Game over"),
      ZT.el("p", { class: "muted" }, snapshot.outcome.reason),
      ZT.el("ol", { class: "ranking", "aria-label": "Final ranking" }, ranked.map((p) => ZT.el("li", {
        class: winners.has(p.name) ? "winner" : "",
      }, ZT.el("span", {}, p.name), ZT.el("span", {}, p.score === null || p.score === undefined ? ""
        : p.unit ? `${p.score} ${p.unit}` : String(p.score))))));
  },

  // A new game with the same players and settings; when another device at the table already
  // started one (a game of this kind, these players, begun since this one), that one is joined.
  async rematch() {
    try {
      const { games } = await fetch("/api/games").then((r) => r.json());
      const same = (g) => g.status === "active" && g.kind === ZT.kind && g.created > ZT.snapshot.created
        && JSON.stringify(g.players) === JSON.stringify(ZT.snapshot.players);
      const game = games.find(same) || await ZT.send("POST", "/api/games", { kind: ZT.kind, setup: ZT.snapshot.setup });
      location.href = `/games/${game.id}`;
    } catch (error) {
      if (error.status !== 401) ZT.fail(error);
    }
  },

  // -- screen wake ------------------------------------------------------------------------------

  // A finished game lets the screen dim again.
  sleep() {
    ZT.wakeLock?.release().catch(() => {});
    ZT.wakeLock = null;
    ZT._video?.pause();
    ZT._needTap = false;
    const wake = document.getElementById("wake");
    wake.hidden = true;
  },

  // Keep the screen on during a game: the Wake Lock API where the browser allows it (a secure
  // context), else a silent looping video started on the first tap; says so when neither works.
  keepAwake() {
    const wake = document.getElementById("wake");
    const show = (state, words) => {
      wake.hidden = false;
      wake.dataset.state = state;
      wake.textContent = state === "on" ? "☀ awake" : "☾ may dim";
      wake.title = words;
    };
    const playing = () => ZT._video && !ZT._video.paused;
    const video = () => {
      if (!ZT._video) {
        ZT._video = ZT.el("video", { muted: true, playsinline: true, loop: true, "aria-hidden": "true", class: "keep-awake",
          src: "/static/awake.webm" });
        ZT._video.muted = true;
        document.body.append(ZT._video);
      }
      return ZT._video.play().then(() => show("on", "The page keeps this screen on."));
    };
    const request = () => {
      if (document.visibilityState !== "visible" || ZT.snapshot?.status === "finished") return;
      if ("wakeLock" in navigator) {
        navigator.wakeLock.request("screen").then((lock) => {
          ZT.wakeLock = lock;
          lock.addEventListener("release", () => { if (ZT.wakeLock === lock) ZT.wakeLock = null; });
          show("on", "The page keeps this screen on.");
        }, () => { if (!playing()) ZT._needTap = true; });
      } else if (!playing()) {
        ZT._needTap = true;
      }
    };
    document.addEventListener("visibilitychange", request);
    document.addEventListener("pointerdown", () => {
      if (!ZT._needTap || ZT.wakeLock || playing()) return;
      ZT._needTap = false;
      video().catch(() => {
        show("off", "This screen may dim: set it to stay on in the tablet's settings.");
        ZT.notice("This screen may dim during the game: set it to stay on in the tablet's display settings.");
      });
    });
    request();
  },
});
