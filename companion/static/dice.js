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
    // Rebuilt only when what it shows changes, so that a button is never replaced under a tap.
    const shown = JSON.stringify([texts, desk.message, desk.pending, doubts]);
    if (box.dataset.shown === shown) return;
    box.dataset.shown = shown;
    const deskCall = (path, body) => ZT.send("POST", `/api/dice/${path}`, body || {}).then(ZT.renderDice, ZT.fail);
    const parts = sources.map(([name, s], i) => {
      const text = texts[i];
      const attrs = { class: `source s-${s.state.replace(/ /g, "-")}`, dataset: { source: name } };
      return name === "camera" && location.pathname !== "/camera"
        ? ZT.el("a", { ...attrs, href: "/camera" }, text) : ZT.el("span", attrs, text);
    });
    if (desk.message) parts.push(ZT.el("p", { class: "banner" }, desk.message));
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
    const pad = ZT.dicePad(request, (value) => { dice = value; send.disabled = !value; });
    const dialog = ZT.el("dialog", { class: "fix-dialog" }, ZT.el("h2", {}, "What the dice show"), pad,
      ZT.el("div", { class: "row" }, send, ZT.el("button", { onclick: () => dialog.close() }, "Cancel")));
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    dialog.showModal();
  },

  // Tap each die's colour (when colours matter) and face; ready when enough dice are filled in.
  dicePad(request, done) {
    const symbolic = request.faces.filter((f) => typeof f === "string");
    const faces = symbolic.length ? symbolic : request.faces;
    const preset = request.preset_colors || [];
    const slots = Array.from({ length: request.count }, (_, i) => ({ color: preset[i] || null, value: null }));
    const pad = ZT.el("div", { class: "dice-pad" });
    const ready = () => {
      const filled = slots.filter((s) => s.value !== null && (s.color || !request.colors.length));
      const partial = slots.some((s) => (s.value === null) !== (s.color === null) && request.colors.length);
      const ok = !partial && filled.length >= request.min_count && filled.length <= request.count;
      done(ok ? filled.map((s) => (s.color ? { value: s.value, color: s.color } : { value: s.value })) : undefined);
    };
    slots.forEach((slot, i) => {
      const row = ZT.el("div", { class: "die-slot", dataset: { die: i + 1 } }, ZT.el("span", { class: "die-no" }, `Die ${i + 1}`));
      const group = (options, key, label) => {
        const buttons = options.map((option) => ZT.el("button", {
          class: `chip ${key === "color" ? "c-" + option : "face"}${slot[key] === option ? " chosen" : ""}`,
          dataset: { [key]: option },
          "aria-label": `die ${i + 1} ${option}`,
          onclick: () => {
            slot[key] = option;
            for (const b of buttons) b.classList.toggle("chosen", b.dataset[key] === String(slot[key]));
            ready();
          },
        }, label(option)));
        return ZT.el("div", { class: "chips" }, buttons);
      };
      if (request.colors.length) row.append(group(request.colors, "color", (c) => c));
      row.append(group(faces, "value", (f) => f));
      pad.append(row);
    });
    return pad;
  },
});
