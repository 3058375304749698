// Dice on the game page and the Camera page: the dice pad, and the strip that shows the camera's
// and the dice tower's state and a read waiting for a tap.
"use strict";
Object.assign(ZT, {
  // What a source's state asks of the players.
  SOURCE_HINTS: {
    unreadable: "cannot read the dice: move them apart, press Read now, or enter them by hand",
    "camera lost": "enter the dice by hand; the table looks for the camera again by itself",
  },

  // Poll the dice desk every `every` ms; `then` also gets each status.
  watchDice(every, then) {
    const poll = () => fetch("/api/dice").then((r) => r.json()).then((desk) => {
      ZT.renderDice(desk);
      if (then) then(desk);
    }, () => {});
    poll();
    setInterval(poll, every || 2000);
  },

  renderDice(desk) {
    const box = document.getElementById("dice");
    const sources = Object.entries(desk.sources);
    box.hidden = !sources.length && !desk.pending && !desk.message;
    if (box.hidden) return;
    const texts = sources.map(([name, s]) => {
      const hint = ZT.SOURCE_HINTS[s.state];
      return `${name}: ${s.state}${s.port ? ` (${s.port})` : ""}${s.error ? ` · ${s.error}` : ""}${hint ? ` · ${hint}` : ""}`;
    });
    // Spots the camera doubts are dice: one tap adds the die to the waiting read.
    const doubts = desk.pending && desk.pending.roll.source === "camera" ? desk.sources.camera?.doubtful || [] : [];
    // A message from a source (a die it cannot read, rolls a restarted tower lost) offers the
    // game's own dice entry, when the game waits for dice, to enter the dice by hand.
    const pad = desk.message && document.querySelector(".action-form.takes-dice");
    // Rebuilt only when what it shows changes, so that a button is never replaced under a tap.
    const shown = JSON.stringify([texts, desk.message, desk.pending, doubts, !!pad]);
    if (box.dataset.shown === shown) return;
    box.dataset.shown = shown;
    const deskCall = (path, body) => ZT.send("POST", `/api/dice/${path}`, body || {}).then(ZT.renderDice, ZT.fail);
    const parts = sources.map(([name, s], i) => {
      const text = texts[i];
      const attrs = { class: `source s-${s.state.replace(/ /g, "-")}`, dataset: { source: name } };
      return name === "camera" && location.pathname !== "/camera"
        ? ZT.el("a", { ...attrs, href: "/camera" }, text) : ZT.el("span", attrs, text);
    });
    if (desk.message) {
      parts.push(ZT.el("p", { class: "banner" }, desk.message, pad && ZT.el("button", {
        class: "by-hand",
        onclick: () => { // the game's forms may have been drawn again since
          const now = document.querySelector(".action-form.takes-dice");
          now?.scrollIntoView({ block: "center", behavior: "smooth" });
          now?.querySelector("button")?.focus({ preventScroll: true });
        },
      }, "Enter by hand")));
    }
    if (desk.pending) {
      const dice = desk.pending.roll.dice.map((d) => `${d.color ? d.color + " " : ""}${d.value}`).join(", ");
      const unsure = doubts.length ? "the camera may have missed a die" : "the reader is not sure";
      const why = desk.pending.reason === "unsure" ? unsure : desk.pending.reason;
      parts.push(ZT.el("div", { class: "pending" },
        ZT.el("strong", {}, `Read: ${dice}`), ZT.el("span", { class: "muted" }, ` (${why})`),
        ZT.el("div", { class: "row" },
          ZT.el("button", { class: "primary", dataset: { desk: "confirm" }, onclick: () => deskCall("confirm") }, "Confirm"),
          ZT.el("button", { dataset: { desk: "fix" }, onclick: () => ZT.fixPending(desk.pending.roll, deskCall) }, "Fix"),
          ZT.el("button", { dataset: { desk: "discard" }, onclick: () => deskCall("discard") }, "Discard")),
        doubts.map((d) => ZT.el("div", { class: "row doubt" },
          ZT.el("span", {}, `Is this a die? The camera may have missed a ${d.value}.`),
          ZT.el("button", {
            dataset: { desk: "add" },
            onclick: () => deskCall("fix", { dice: [...desk.pending.roll.dice, { value: d.value }] }),
          }, `Add a ${d.value}`)))));
    }
    box.replaceChildren(...parts);
  },

  // What the dice really show, for the game in play (ZT.snapshot) or as plain pip dice.
  fixPending(roll, deskCall) {
    const request = ZT.snapshot?.prompt.roll
      || { count: roll.dice.length, min_count: roll.dice.length, colors: [], faces: [1, 2, 3, 4, 5, 6] };
    let dice;
    const send = ZT.el("button", { class: "primary", disabled: true, onclick: () => {
      deskCall("fix", { dice }).then(() => dialog.close());
    } }, "Use these dice");
    const pad = ZT.dicePad(request, (value) => { dice = value; send.disabled = !value; }, roll.dice);
    const dialog = ZT.el("dialog", { class: "fix-dialog", "aria-label": "What the dice show" }, ZT.el("h2", {}, "What the dice show"), pad,
      ZT.el("div", { class: "row" }, send, ZT.el("button", { onclick: () => dialog.close() }, "Cancel")));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  },

  // Dice drawn as dice (docs/DESIGN.md, Icons): a face is "brain", "feet", "shotgun", a pip
  // count 1-6, or null (a blank die); colour is a die colour or null (a plain white die).
  DIE_FILL: { green: "#2e7d32", yellow: "#f2c12e", red: "#c62828" },
  DIE_INK: { green: "#ffffff", yellow: "#1b1d21", red: "#ffffff" },
  PIPS: {
    1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[25, 25], [50, 50], [75, 75]],
    4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[26, 26], [74, 26], [50, 50], [26, 74], [74, 74]],
    6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
  },
  FACE_PATHS: {
    // a brain: two lobes with folds
    brain: '<path d="M50 24c-6-7-19-6-22 3-9 0-15 9-11 17-6 6-4 17 5 19 1 9 12 13 19 8 3 4 6 5 9 5V24z M50 24c6-7 19-6 22 3 9 0 15 9 11 17 6 6 4 17-5 19-1 9-12 13-19 8-3 4-6 5-9 5V24z" fill="currentColor"/>'
      + '<path d="M36 38c4 2 6 6 4 10m-8 8c5-1 9 2 9 6m22-24c-4 2-6 6-4 10m8 8c-5-1-9 2-9 6M50 26v50" fill="none" class="die-fill-stroke" stroke-width="3" stroke-linecap="round"/>',
    // feet: two footprints
    feet: '<ellipse cx="36" cy="58" rx="9" ry="15" fill="currentColor"/><circle cx="29" cy="38" r="3.5" fill="currentColor"/><circle cx="36" cy="36" r="3.5" fill="currentColor"/><circle cx="43" cy="38" r="3.5" fill="currentColor"/>'
      + '<ellipse cx="64" cy="50" rx="9" ry="15" fill="currentColor"/><circle cx="57" cy="30" r="3.5" fill="currentColor"/><circle cx="64" cy="28" r="3.5" fill="currentColor"/><circle cx="71" cy="30" r="3.5" fill="currentColor"/>',
    // a shotgun blast
    shotgun: '<path d="M50 14l7 20 19-10-9 19 20 7-20 7 9 19-19-10-7 20-7-20-19 10 9-19-20-7 20-7-9-19 19 10z" fill="currentColor"/><circle cx="50" cy="50" r="9" class="die-fill"/>',
  },

  die(face, color, options) {
    const size = options?.size || 48;
    const fill = ZT.DIE_FILL[color] || "#f7f5f0";
    const ink = ZT.DIE_INK[color] || "#1b1d21";
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("width", size);
    svg.setAttribute("height", size);
    svg.setAttribute("class", `die-svg${color ? " d-" + color : ""}`);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", [color, face === null || face === undefined ? "die" : String(face)].filter(Boolean).join(" "));
    svg.style.color = ink;
    svg.style.setProperty("--die-fill", fill);
    let inner = `<rect x="4" y="4" width="92" height="92" rx="18" fill="${fill}" stroke="#1b1d21" stroke-width="4"/>`;
    if (typeof face === "number") {
      inner += ZT.PIPS[face].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="currentColor"/>`).join("");
    } else if (face) {
      inner += ZT.FACE_PATHS[face] || "";
    }
    svg.innerHTML = inner;
    return svg;
  },

  // A face as kept in a button's data: a pip count is a number again.
  faceOf(text) {
    return /^[1-6]$/.test(text) ? Number(text) : text;
  },

  // Tap each die's colour (when colours matter) and face; ready when enough dice are filled in.
  // `initial` pre-fills the slots (the dice of a roll being corrected).
  dicePad(request, done, initial) {
    const symbolic = request.faces.filter((f) => typeof f === "string");
    const extra = (initial || []).map((d) => d.value).filter((v) => symbolic.length && typeof v === "number");
    const faces = symbolic.length ? [...symbolic, ...new Set(extra)] : request.faces;
    const preset = request.preset_colors || [];
    const slots = Array.from({ length: request.count }, (_, i) => ({
      color: initial?.[i]?.color || preset[i] || null, value: initial?.[i]?.value ?? null,
    }));
    const pad = ZT.el("div", { class: "dice-pad" });
    const ready = () => {
      const filled = slots.filter((s) => s.value !== null && (s.color || !request.colors.length));
      const partial = slots.some((s) => (s.value === null) !== (s.color === null) && request.colors.length);
      const ok = !partial && filled.length >= request.min_count && filled.length <= request.count;
      done(ok ? filled.map((s) => (s.color ? { value: s.value, color: s.color } : { value: s.value })) : undefined);
    };
    slots.forEach((slot, i) => {
      const row = ZT.el("div", { class: "die-slot", role: "group", "aria-label": `Die ${i + 1}`, dataset: { die: i + 1 } },
        ZT.el("span", { class: "die-no" }, `Die ${i + 1}`));
      let faceButtons = [];
      const group = (options, key) => {
        const buttons = options.map((option) => ZT.el("button", {
          class: `chip ${key === "color" ? "c-" + option : "face"}${slot[key] === option ? " chosen" : ""}`,
          dataset: { [key]: option },
          "aria-pressed": String(slot[key] === option),
          "aria-label": `die ${i + 1} ${option}`,
          onclick: () => {
            slot[key] = option;
            if (key === "color") { // the faces are drawn in the chosen colour
              for (const b of faceButtons) b.replaceChildren(ZT.die(ZT.faceOf(b.dataset.value), slot.color, { size: 36 }));
            }
            for (const b of buttons) {
              b.classList.toggle("chosen", b.dataset[key] === String(slot[key]));
              b.setAttribute("aria-pressed", String(b.dataset[key] === String(slot[key])));
            }
            ready();
          },
        }, key === "color" ? option : ZT.die(option, slot.color, { size: 36 })));
        if (key === "value") faceButtons = buttons;
        return ZT.el("div", { class: "chips" }, buttons);
      };
      const colorRow = request.colors.length ? group(request.colors, "color") : null;
      row.append(...[colorRow, group(faces, "value")].filter(Boolean));
      pad.append(row);
    });
    ready();
    return pad;
  },
});
