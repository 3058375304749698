// The game page: live snapshot, prompt, board, actions with their inputs, game log.
"use strict";
Object.assign(ZT, {
  renderers: {},
  snapshot: null,
  rules: {},
  SUITS: { C: "♣", D: "♦", H: "♥", S: "♠" },
  RANKS: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"],

  register(name, renderer) {
    ZT.renderers[name] = renderer;
  },

  gamePath(suffix) {
    return `/api/games/${ZT.gameId}${suffix}`;
  },

  async change(suffix, body) {
    try {
      ZT.render(await ZT.send("POST", ZT.gamePath(suffix), { ...body, version: ZT.snapshot.version }));
    } catch (error) {
      ZT.fail(error);
      throw error;
    }
  },

  act(kind, params) {
    return ZT.change("/actions", { kind, params: params || {} });
  },

  start() {
    const root = document.getElementById("game");
    ZT.gameId = root.dataset.id;
    ZT.kind = root.dataset.kind;
    fetch(`/api/rules/${ZT.kind}`).then((r) => r.json()).then((book) => {
      for (const rule of book.rules) ZT.rules[rule.id] = rule;
    });
    document.getElementById("undo").addEventListener("click", () => ZT.change("/undo", {}).catch(() => {}));
    ZT.keepAwake();
    ZT.watchDice();
    const live = document.getElementById("live");
    const source = new EventSource(ZT.gamePath("/stream"));
    source.addEventListener("snapshot", (event) => {
      live.textContent = "live";
      live.className = "live on";
      ZT.render(JSON.parse(event.data));
    });
    source.addEventListener("error", () => {
      live.textContent = "reconnecting…";
      live.className = "live";
    });
  },

  // Keep the screen on while a game is played, where the browser allows it (Wake Lock API).
  keepAwake() {
    if (!("wakeLock" in navigator)) return;
    const request = () => {
      if (document.visibilityState !== "visible" || ZT.snapshot?.status === "finished") return;
      navigator.wakeLock.request("screen").then((lock) => { ZT.wakeLock = lock; }, () => {});
    };
    document.addEventListener("visibilitychange", request);
    request();
  },

  render(snapshot) {
    if (ZT.snapshot && snapshot.version < ZT.snapshot.version) return;
    ZT.snapshot = snapshot;
    document.getElementById("game").dataset.version = snapshot.version;
    document.getElementById("prompt").textContent = snapshot.prompt.text;
    const outcome = document.getElementById("outcome");
    outcome.hidden = !snapshot.outcome;
    if (snapshot.outcome) {
      const { winners, reason } = snapshot.outcome;
      outcome.textContent = winners.length ? `Winner: ${winners.join(", ")} (${reason})` : `Game over: ${reason}`;
    }
    document.getElementById("best").textContent = snapshot.best === null || snapshot.best === undefined
      ? "" : `Personal best: won in ${snapshot.best}`;
    const board = document.getElementById("board");
    const renderer = ZT.renderers[snapshot.kind];
    board.replaceChildren();
    if (renderer) renderer.render(snapshot, board);
    ZT.renderActions(snapshot);
    ZT.renderLog(snapshot);
  },

  renderActions(snapshot) {
    const box = document.getElementById("actions");
    box.replaceChildren();
    // Plain buttons first (stop, next phase...), then the actions that need input.
    const rank = (spec) => (spec.quiet ? 2 : spec.fields.length > 0 ? 1 : 0);
    const ordered = [...snapshot.legal].sort((a, b) => rank(a) - rank(b));
    for (const spec of ordered) box.append(ZT.actionWidget(spec, snapshot));
  },

  actionWidget(spec, snapshot) {
    if (!spec.fields.length) {
      return ZT.el("button", {
        class: spec.quiet ? "quiet" : "primary big", dataset: { action: spec.kind },
        onclick: () => ZT.act(spec.kind, spec.params).catch(() => {}),
      }, spec.label);
    }
    const values = {};
    const form = ZT.el("div", { class: "action-form", dataset: { action: spec.kind } },
      ZT.el("h3", {}, spec.label));
    const submit = ZT.el("button", { class: "primary big", disabled: true }, spec.label);
    const check = () => { submit.disabled = spec.fields.some((f) => values[f.name] === undefined); };
    for (const field of spec.fields) {
      const set = (value) => { values[field.name] = value; check(); };
      const request = spec.kind === snapshot.prompt.action && snapshot.prompt.roll
        ? snapshot.prompt.roll
        : { count: field.max || 1, min_count: field.min || 1, colors: [], faces: [1, 2, 3, 4, 5, 6] };
      form.append(ZT.input(field, request, set));
    }
    submit.addEventListener("click", () => ZT.act(spec.kind, { ...spec.params, ...values }).catch(() => {}));
    form.append(submit);
    return form;
  },

  input(field, request, set) {
    switch (field.type) {
      case "roll": return ZT.dicePad(request, (dice) => set(dice && { dice, source: "manual", confidence: 1 }));
      case "card": return ZT.cardPicker(field, set);
      case "cards": return ZT.cardsPicker(field, set);
      case "choice": return ZT.choice(field, set);
      case "int": return ZT.number(field, set);
      default: {
        const input = ZT.el("input", { "aria-label": field.label, placeholder: field.label });
        input.addEventListener("input", () => set(input.value || undefined));
        return ZT.el("label", {}, field.label, input);
      }
    }
  },

  // Two taps: rank, then suit. Jokers have their own buttons.
  cardPicker(field, set) {
    let rank = null;
    const shown = ZT.el("span", { class: "card-shown" }, "—");
    const allowed = field.options && field.options.length ? new Set(field.options) : null;
    const pick = (card) => { shown.textContent = card; set(card); };
    const ranks = ZT.RANKS.map((r) => ZT.el("button", {
      class: "chip rank", onclick: (event) => {
        rank = r;
        for (const b of ranks) b.classList.toggle("chosen", b === event.target);
      },
    }, r));
    const suits = Object.entries(ZT.SUITS).map(([s, symbol]) => ZT.el("button", {
      class: `chip suit s-${s}`, onclick: () => {
        if (!rank) return ZT.toast("Tap the rank first.");
        const card = rank + s;
        if (allowed && !allowed.has(card)) return ZT.toast(`${card} is not possible here.`, "error");
        pick(card);
      },
    }, symbol));
    const jokers = ["JK1", "JK2"].filter((j) => !allowed || allowed.has(j))
      .map((j) => ZT.el("button", { class: "chip", onclick: () => pick(j) }, j === "JK1" ? "Joker" : "Joker 2"));
    return ZT.el("div", { class: "card-picker" }, ZT.el("span", { class: "label" }, field.label, " ", shown),
      ZT.el("div", { class: "chips" }, ranks), ZT.el("div", { class: "chips" }, suits, jokers));
  },

  cardsPicker(field, set) {
    const cards = [];
    const list = ZT.el("span", { class: "card-shown" }, "none");
    const picker = ZT.cardPicker({ ...field, label: "Add" }, (card) => {
      cards.push(card);
      list.textContent = cards.join(" ");
      set([...cards]);
    });
    const clear = ZT.el("button", { class: "small", onclick: () => { cards.length = 0; list.textContent = "none"; set(field.min ? undefined : []); } }, "Clear");
    if (!field.min) set([]);
    return ZT.el("div", { class: "cards-picker" }, ZT.el("span", { class: "label" }, field.label, ": "), list, clear, picker);
  },

  choice(field, set) {
    const buttons = field.options.map((option) => {
      const value = typeof option === "object" ? option.value : option;
      const label = typeof option === "object" ? option.label : String(option);
      return ZT.el("button", {
        class: "chip", onclick: (event) => {
          for (const b of buttons) b.classList.toggle("chosen", b === event.target);
          set(value);
        },
      }, label);
    });
    return ZT.el("div", { class: "choice" }, ZT.el("span", { class: "label" }, field.label), ZT.el("div", { class: "chips" }, buttons));
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

  renderLog(snapshot) {
    const log = document.getElementById("log");
    log.replaceChildren();
    for (const entry of [...snapshot.log].reverse()) {
      const item = ZT.el("li", { dataset: { seq: entry.seq } },
        ZT.el("span", { class: "who" }, entry.player ? `${entry.player}: ` : ""),
        entry.corrected ? ZT.el("span", { class: "muted" }, "(corrected) ") : null);
      for (const ruling of entry.rulings) {
        item.append(ZT.el("div", { class: "ruling" },
          ZT.el("button", { class: "rule-id", onclick: () => ZT.showRule(ruling.rule) }, ruling.rule),
          " ", ruling.text));
      }
      if (entry.roll && snapshot.status === "active") {
        item.append(ZT.el("button", { class: "small fix", onclick: () => ZT.fixRoll(entry) }, "Fix this roll"));
      }
      log.append(item);
    }
  },

  showRule(id) {
    const rule = ZT.rules[id];
    document.getElementById("rule-title").textContent = rule ? `${id} ${rule.title}` : id;
    document.getElementById("rule-summary").textContent = rule ? rule.summary
      : "A check every game makes: the input did not have the form this step needs.";
    document.getElementById("rule-dialog").showModal();
  },

  fixRoll(entry) {
    const old = entry.roll.dice;
    const colors = [...new Set(old.map((d) => d.color).filter((c) => c))];
    const faces = [...new Set([...(ZT.snapshot.prompt.roll?.faces || []), ...old.map((d) => d.value)])];
    const request = { count: old.length, min_count: old.length, colors, faces: faces.length ? faces : [1, 2, 3, 4, 5, 6] };
    let dice;
    const send = ZT.el("button", { class: "primary", disabled: true, onclick: () => {
      ZT.change("/corrections", { seq: entry.seq, dice }).then(() => dialog.close(), () => {});
    } }, "Correct the roll");
    const pad = ZT.dicePad(request, (value) => { dice = value; send.disabled = !value; });
    const dialog = ZT.el("dialog", { class: "fix-dialog" }, ZT.el("h2", {}, `Correct roll #${entry.seq}`), pad,
      ZT.el("div", { class: "row" }, send, ZT.el("button", { onclick: () => dialog.close() }, "Cancel")));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  },
});
