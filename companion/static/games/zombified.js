// Zombified board: a panel per player (survivors and weapons, location, horde), the attack under
// way, this turn's events, and every 2D6 roll with its modifiers added up.
"use strict";
(() => {
  const { el } = ZT;
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const PHASE_NAMES = {
    draw: "Draw", survivor: "Survivor", location: "Location", zombie: "Zombie", weapon: "Weapon",
    penetration: "Penetration", fire: "Fire", escape: "Escape", end: "End",
  };
  const STATUS_LABELS = {
    attacking: "on its way", incoming: "incoming", chasing: "chasing", "held off": "held off",
    aiming: "aiming", targeted: "targeted", fired: "has fired", escaped: "escaped", caught: "caught",
  };
  let picked = null; // the survivor chosen for a tap-to-aim attack

  const legal = (snapshot, kind) => snapshot.legal.find((spec) => spec.kind === kind);
  const offered = (spec, field, value) => {
    const f = spec && spec.fields.find((x) => x.name === field);
    return Boolean(f && f.options.some((o) => (typeof o === "object" ? o.value : o) === value));
  };
  const badge = (status) => (status ? el("span", { class: `zf-status zf-${status.replace(" ", "-")}` },
    STATUS_LABELS[status] || status) : null);

  function phases(view) {
    return el("ol", { class: "zf-phases" }, view.phases.map((p) => el("li", {
      class: p === view.phase ? "zf-now" : "",
    }, PHASE_NAMES[p])));
  }

  function survivorTile(snapshot, s) {
    const aim = legal(snapshot, "aim");
    const destroy = legal(snapshot, "destroy");
    const canAim = offered(aim, "survivor", s.id);
    const canDestroy = offered(destroy, "survivor", s.id);
    const weapon = s.weapon
      ? el("div", { class: "zf-weapon" }, `${s.weapon.card} ${signed(s.weapon.bonus)}`,
        s.weapon.max_uses ? el("span", { class: "zf-uses" }, ` ${s.weapon.uses}/${s.weapon.max_uses} uses`) : null)
      : el("div", { class: "zf-weapon zf-none" }, "no weapon");
    const onclick = canDestroy
      ? () => ZT.act("destroy", { survivor: s.id }).catch(() => {})
      : canAim ? () => { picked = picked === s.id ? null : s.id; ZT.render(snapshot); } : null;
    return el(onclick ? "button" : "div", {
      class: ["zf-tile", "zf-survivor", picked === s.id ? "zf-picked" : "", onclick ? "zf-tap" : ""].join(" "),
      dataset: { id: s.id }, onclick,
      "aria-label": canDestroy ? `destroy ${s.label}` : canAim ? `attack with ${s.label}` : null,
    },
    el("div", { class: "zf-name" }, `#${s.id} ${s.card}`, s.strong ? el("span", { class: "zf-strong" }, " Strong") : null),
    el("div", { class: "zf-stats" }, `Escape ${signed(s.escape)} · Weapon ${signed(s.weapon_bonus)}`),
    weapon,
    s.injuries.length ? el("div", { class: "zf-injury" }, s.injuries.join(", ")) : null,
    badge(s.status));
  }

  function zombieTile(snapshot, z) {
    const aim = legal(snapshot, "aim");
    const target = picked !== null && offered(aim, "zombie", z.id);
    const onclick = target ? () => {
      const survivor = picked;
      picked = null;
      ZT.act("aim", { survivor, zombie: z.id }).catch(() => {});
    } : null;
    return el(onclick ? "button" : "div", {
      class: ["zf-tile", "zf-zombie", z.bitten ? "zf-bitten" : "", onclick ? "zf-tap" : ""].join(" "),
      dataset: { id: z.id }, onclick, "aria-label": onclick ? `attack ${z.label}` : null,
    },
    el("div", { class: "zf-name" }, `#${z.id} ${z.card}`, z.bitten ? el("span", { class: "muted" }, " (bitten)") : null),
    el("div", { class: "zf-stats" }, `Pen ${signed(z.penetration)} · Tough ${signed(z.toughness)} · Speed ${signed(z.speed)}`),
    badge(z.status));
  }

  function panel(snapshot, p) {
    const flags = [
      p.is_current ? el("span", { class: "zf-flag zf-turn" }, "their turn") : null,
      p.under_attack ? el("span", { class: "zf-flag zf-attacked" }, "under attack") : null,
      p.had_empty_draw ? el("span", { class: "zf-flag" }, "drew from an empty deck") : null,
    ];
    return el("section", {
      class: ["zf-panel", p.is_current ? "zf-current" : "", p.under_attack ? "zf-defending" : ""].join(" "),
      dataset: { player: p.name },
    },
    el("header", { class: "zf-head" },
      el("h3", {}, p.name),
      el("span", { class: "zf-count" }, `${p.survivor_count} survivor${p.survivor_count === 1 ? "" : "s"}`),
      el("span", { class: "muted" }, ` · ${p.hand} in hand`), flags),
    el("div", { class: "zf-location" }, p.location
      ? `Location: ${p.location.card} (Safety ${signed(p.location.safety)})` : "No location"),
    el("div", { class: "zf-row" }, p.survivors.map((s) => survivorTile(snapshot, s))),
    el("h4", {}, p.horde.length ? `Horde (${p.horde.length})` : "No zombies",
      p.sent_to ? el("span", { class: "muted" }, ` · sent at ${p.sent_to}`) : null),
    el("div", { class: "zf-row" }, p.horde.map((z) => zombieTile(snapshot, z))));
  }

  function attack(view) {
    const a = view.attack;
    if (!a) return null;
    return el("div", { class: "zf-attack" },
      el("strong", {}, `${a.attacker}'s horde (${a.sent}) → ${a.target}`),
      a.incoming.length ? el("div", {}, `Incoming: ${a.incoming.join(", ")}`) : null,
      a.aim ? el("div", {}, `${a.aim.survivor} attacks ${a.aim.zombie}` +
        (a.aim.impromptu ? ` with ${a.aim.impromptu}` : "")) : null,
      a.to_destroy ? el("div", { class: "zf-danger" },
        `${a.to_destroy} to be destroyed at random among: ${a.caught.join(", ")}`) : null);
  }

  function effects(view) {
    if (!view.effects.length) return null;
    return el("div", { class: "zf-effects" }, el("h4", {}, "Events this turn"),
      el("ul", {}, view.effects.map((e) => el("li", {},
        `${e.card}: ${e.kind} ${signed(e.amount)} — ${e.on.join(", ")}`))));
  }

  function rolls(view) {
    if (!view.rolls.length) return null;
    return el("div", { class: "zf-rolls" }, el("h4", {}, "Rolls"),
      el("ol", {}, view.rolls.map((r) => el("li", { class: r.success ? "zf-ok" : "zf-fail" },
        el("div", { class: "zf-roll-head" }, `${r.kind[0].toUpperCase()}${r.kind.slice(1)}: ${r.subject}`),
        el("div", { class: "zf-sum" },
          el("span", { class: "zf-dice" }, r.dice.join(" + ")),
          r.modifiers.map((m) => el("span", { class: "zf-mod" }, ` ${signed(m.value)} ${m.label}`)),
          el("strong", {}, ` = ${r.total}`),
          el("span", { class: "muted" }, ` (${r.target}+ needed)`),
          el("span", { class: "zf-result" }, r.success ? " ✔" : " ✘"),
          r.note ? el("span", { class: "zf-danger" }, ` ${r.note}`) : null)))));
  }

  ZT.register("zombified", {
    render(snapshot, root) {
      const view = snapshot.view;
      if (!legal(snapshot, "aim")) picked = null;
      const top = view.discard.length ? view.discard[view.discard.length - 1] : "empty";
      root.append(el("div", { class: "zf" },
        el("div", { class: "zf-top" }, phases(view),
          el("span", { class: "zf-deck" }, `Deck ${view.deck}`),
          el("span", { class: "zf-discard" }, `Discard ${view.discard.length} (top: ${top})`)),
        picked !== null ? el("p", { class: "zf-hint" }, `Now tap the incoming zombie #${picked} attacks.`) : null,
        attack(view),
        el("div", { class: "zf-panels" }, view.players.map((p) => panel(snapshot, p))),
        effects(view),
        rolls(view)));
    },
  });
})();
