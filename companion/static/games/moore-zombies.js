// Moore's Zombies! board: both armies, the treasure, the battle board with its six slots and
// activation toggles, the dead pile and the scores.
"use strict";
ZT.register("moore-zombies", {
  render(snapshot, root) {
    const view = snapshot.view;
    const { el } = ZT;
    const live = !snapshot.outcome;

    const card = (name, extra) => {
      if (name.startsWith("JK")) return el("span", { class: `mz-card joker ${extra || ""}`, title: "joker" }, "JK");
      const suit = name.slice(-1);
      return el("span", { class: `mz-card s-${suit} ${extra || ""}`, title: name },
        name.slice(0, -1), ZT.SUITS[suit]);
    };
    const cards = (names, empty) => (names.length
      ? el("span", { class: "mz-cards" }, names.map((c) => card(c)))
      : el("span", { class: "muted" }, empty || "none"));

    const army = (a) => el("section", {
      class: `mz-army mz-${a.side}${a.attacking ? " attacking" : ""}${view.waiting_for === a.side && live ? " waiting" : ""}`,
      dataset: { side: a.side },
    },
    el("h3", {}, `${a.side === "red" ? "Red" : "Black"} army · ${a.player}`,
      a.attacking ? el("span", { class: "mz-badge" }, "attacks") : null),
    el("div", { class: "mz-stats" },
      el("div", { class: "mz-stat" }, el("span", { class: "mz-big" }, String(a.hand)), el("span", {}, "cards in hand")),
      el("div", { class: "mz-stat" }, el("span", { class: "mz-big" }, String(a.points)),
        el("span", {}, a.joker === "held" ? "points, joker's 2 included" : "points")),
      el("div", { class: "mz-stat" }, el("span", { class: "mz-big" }, a.joker === "held" ? "JK" : "—"),
        el("span", {}, `joker ${a.joker}`))),
    el("div", { class: "mz-row" }, el("span", { class: "label" }, "Zombies known in hand: "), cards(a.zombies)),
    el("div", { class: "mz-row" }, el("span", { class: "label" }, `Treasure won (${a.treasure_points}): `), cards(a.won)));

    const treasure = view.treasure;
    const stake = el("section", { class: "mz-treasure" },
      el("h3", {}, view.final ? `Battle ${view.battle} · the last battle` : `Battle ${view.battle}`),
      treasure.card
        ? el("div", { class: "mz-stake" }, card(treasure.card, "big"),
          el("span", {}, treasure.zombie ? `zombie treasure: ${treasure.points} points, no revive`
            : `${treasure.points} point${treasure.points === 1 ? "" : "s"}`))
        : el("div", { class: "muted" }, "No treasure card turned up"),
      el("div", { class: "muted" }, `Treasure pile: ${treasure.pile} face down`,
        treasure.zombies_in_pile.length ? ` (zombies shuffled in: ${treasure.zombies_in_pile.join(" ")})` : ""));

    root.append(el("div", { class: "mz" },
      el("div", { class: "mz-armies" }, army(view.armies[0]), stake, army(view.armies[1])),
      view.board ? board(view) : null,
      view.revive ? revive(view) : null,
      view.last ? el("p", { class: "mz-last" }, view.last) : null,
      el("section", { class: "mz-dead" }, el("h3", {}, `Dead pile (${view.dead.length})`), cards(view.dead, "empty"),
        view.out.length ? el("div", { class: "muted" }, `Out of the game: ${view.out.join(" ")}`) : null)));

    function board(view) {
      const order = view.attacker === "red" ? ["red", "black"] : ["black", "red"];
      return el("section", { class: "mz-board" }, order.map((side) => line(side, view.board[side])));
    }

    function line(side, slots) {
      const chosen = new Set(slots.cards.filter((s) => s.activated).map((s) => s.card));
      let role = null;
      const confirm = el("button", { class: "primary big", onclick: () => send() }, "Confirm");
      const roleChips = el("div", { class: "chips mz-roles" });
      const refresh = () => {
        const jokerIn = [...chosen].some((c) => c.startsWith("JK"));
        roleChips.hidden = !jokerIn;
        confirm.disabled = jokerIn && role === null;
        for (const tile of tiles) tile.classList.toggle("on", chosen.has(tile.dataset.card));
      };
      const send = () => {
        const extra = slots.cards.slice(1).filter((s) => chosen.has(s.card)).map((s) => s.card);
        const params = { cards: extra };
        if ([...chosen].some((c) => c.startsWith("JK"))) params.joker = role;
        ZT.act("activate", params).catch(() => {});
      };
      const tiles = slots.cards.map((slot) => {
        const state = slots.zombie_attack ? "zombie" : slot.designated ? "activated slot"
          : slot.activated === null ? "undecided" : slot.activated ? "fights" : "kept back";
        const toggle = slots.deciding && !slot.designated && live;
        return el(toggle ? "button" : "div", {
          class: `mz-slot${slot.activated ? " on" : ""}${slot.activated === false ? " kept" : ""}${toggle ? " toggle" : ""}`,
          dataset: { card: slot.card },
          "aria-pressed": toggle ? String(chosen.has(slot.card)) : null,
          onclick: toggle ? (event) => {
            if (chosen.has(slot.card)) chosen.delete(slot.card); else chosen.add(slot.card);
            event.currentTarget.setAttribute("aria-pressed", String(chosen.has(slot.card)));
            refresh();
          } : null,
        }, card(slot.card), el("span", { class: "mz-slot-label" }, state));
      });
      const fills = Array.from({ length: slots.fill }, () => el("div", { class: "mz-slot fill" },
        el("span", { class: "mz-die" }, "🎲"), el("span", { class: "mz-slot-label" }, "empty slot: a die")));
      const row = el("div", { class: `mz-line mz-${side}${slots.zombie_attack ? " zombies" : ""}`, dataset: { side } },
        el("div", { class: "mz-line-head" }, el("strong", {}, side === "red" ? "Red" : "Black"),
          side === view.attacker ? el("span", { class: "mz-badge" }, "attacker") : null,
          slots.zombie_attack ? el("span", { class: "mz-badge alarm" }, "ZOMBIE ATTACK") : null),
        el("div", { class: "mz-slots" }, tiles, fills, slots.cards.length + slots.fill === 0
          ? el("div", { class: "muted" }, "cards taken back") : null),
        el("div", { class: "mz-line-foot" },
          slots.joker_role ? el("span", {}, `joker as ${slots.joker_role}`) : null,
          slots.dice ? el("span", {}, `dice ${slots.dice.join(" + ") || "none"}`) : null,
          slots.total !== null ? el("span", { class: "mz-total" }, `total ${slots.total}`) : null));
      if (slots.deciding && live) {
        for (const option of slots.joker_roles) {
          roleChips.append(el("button", {
            class: "chip", dataset: { role: option },
            onclick: (event) => {
              role = option;
              for (const b of roleChips.children) b.classList.toggle("chosen", b === event.currentTarget);
              refresh();
            },
          }, option === "wizard" || option === "zombie" ? option : `army ${option}`));
        }
        row.append(el("div", { class: "mz-decide" },
          el("span", { class: "label" }, "Tap the cards that also fight, then confirm."), roleChips, confirm));
        refresh();
      }
      return row;
    }

    function revive(view) {
      const r = view.revive;
      const rolls = r.rolloff.length ? `roll-off ${r.rolloff.join(" against ")}` : "roll-off: winner rolls first";
      const box = el("section", { class: "mz-revive" }, el("h3", {}, `Reviving ${r.count} dead card${r.count === 1 ? "" : "s"}`),
        el("p", {}, rolls, r.at_random === null ? "" : r.at_random ? " · taken at random" : " · the winner chooses"));
      if (r.at_random && live) {
        box.append(el("button", {
          class: "primary big",
          onclick: () => {
            const pool = [...view.dead];
            const picked = [];
            while (picked.length < r.count) picked.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]);
            ZT.act("take_dead", { cards: picked }).catch(() => {});
          },
        }, "Draw them at random for me"));
      }
      return box;
    }
  },
});
