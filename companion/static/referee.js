// Ask the referee (docs/REFEREE.md): a question in a player's own words, answered with the rules
// that settle it; and the rule card that ZT.showRule opens over any page: the rule's summary,
// the reading the table took where it is a ruling, the table setting that governs it and its
// value in this game, and worked examples the engine itself produced.
"use strict";
Object.assign(ZT, {
  // A question of each game's players, shown in the empty box (tests check the referee answers it).
  askExamples: {
    "zombie-dice": "can I stop after one roll?",
    "lonely-dead": "what happens when a survivor dies?",
    "zombies-card-game": "what if I roll less than 4?",
    "moore-zombies": "who wins a tie?",
    "zombified": "can a survivor carry two weapons?",
  },

  // The question box and its answers, for the game's sheet and the rules page.
  askBox(kind) {
    const input = ZT.el("input", {
      type: "search", id: "ask-input", name: "q", maxlength: 200, autocomplete: "off", enterkeyhint: "search",
      placeholder: ZT.askExamples[kind] || "",
    });
    const answers = ZT.el("div", { id: "ask-answers", class: "ask-answers", "aria-live": "polite" });
    const form = ZT.el("form", { class: "ask", role: "search", onsubmit: (event) => {
      event.preventDefault();
      ZT.askReferee(kind, input.value, answers);
    } },
    ZT.el("label", { for: "ask-input" }, "Ask the referee a rules question, in your own words"),
    ZT.el("div", { class: "ask-row" }, input, ZT.el("button", { type: "submit", class: "primary" }, "Ask")));
    return ZT.el("div", { class: "ask-box" }, form, answers);
  },

  async askReferee(kind, question, answers) {
    const q = question.trim();
    if (!q) return;
    let data;
    try {
      data = await ZT.request("GET", `/api/rules/${kind}/search?q=${encodeURIComponent(q)}`);
    } catch (error) {
      answers.replaceChildren(ZT.el("p", { class: "error" }, error.message));
      return;
    }
    if (!data.covered) {
      answers.replaceChildren(ZT.el("p", { class: "no-rule" },
        "The table has no rule for this: it is not part of the game as the table referees it ",
        "(an expansion, a variant or a house rule is for the players to agree on). ",
        "Try other words, or read ", ZT.el("a", { href: `/rules/${kind}` }, "all the rules"), "."));
      return;
    }
    const shown = data.results.slice(0, 5);
    answers.replaceChildren(ZT.el("ol", { class: "ask-results" }, shown.map((r, i) => ZT.el("li", {},
      ZT.el("button", { class: "ask-result", dataset: { rule: r.rule }, onclick: () => ZT.showRule(r.rule) },
        ZT.el("span", { class: "rule-name" }, `${r.rule} · ${r.title}`),
        i < 2 ? ZT.el("span", { class: "summary" }, r.summary) : null,
        r.setting.length ? ZT.el("span", { class: "setting" },
          `Table setting: ${r.setting.map((s) => s.label).join(", ")}`) : null)))));
  },

  // The prompt links to the rules of the last ruling: why the table now asks for this.
  linkPrompt(snapshot) {
    const last = snapshot.log[snapshot.log.length - 1];
    const rules = [...new Set((last?.rulings || []).map((r) => r.rule).filter((r) => !r.startsWith("core.")))];
    const why = document.getElementById("prompt-why");
    if (!rules.length || snapshot.status === "finished") {
      why.replaceChildren();
      return;
    }
    // "Why? ZD-4", then "ZD-5": the buttons stay together, on one row (style.css)
    why.replaceChildren(...rules.slice(0, 2).map((rule, i) => ZT.el("button", {
      class: "rule-chip prompt-rule", dataset: { rule }, "aria-label": `Why? ${rule}`, onclick: () => ZT.showRule(rule),
    }, i ? rule : `Why? ${rule}`)));
  },

  // The rule card: the one entry point to show a rule (docs/DESIGN.md).
  async showRule(id) {
    const kind = ZT.ruleKind(id);
    let book = null;
    try {
      book = kind ? await ZT.ruleBook(kind) : null;
    } catch { /* shown below as a rule the table cannot find now */ }
    const rule = book?.rules.find((r) => r.id === id);
    // "(ruling)" leaves the title: the card says so in words just below
    const title = rule?.title.replace(/\s*\((ruling|setting)[^)]*\)$/, "");
    document.getElementById("rule-title").replaceChildren(rule ? `${title} ` : "Rule ",
      ZT.el("span", { class: "rule-id" }, rule ? `(${id})` : id));
    const body = [ZT.el("p", { class: "rule-summary" }, rule ? rule.summary : "This rule is not in the table's rule book.")];
    if (rule) {
      if (rule.ruling) {
        body.push(ZT.el("p", { class: "reading" }, ZT.el("strong", {}, "A ruling. "),
          "The printed rules are silent or unclear here; this is the reading the table took."));
      }
      body.push(ZT.ruleSettings(book, rule, kind));
      body.push(ZT.ruleExamples(rule));
      body.push(ZT.el("p", {}, ZT.el("a", { href: `/rules/${kind}#${id}` }, "All the rules of this game")));
    }
    document.getElementById("rule-body").replaceChildren(...body.filter((n) => n));
    const dialog = document.getElementById("rule-dialog");
    dialog.classList.add("rule-card");
    if (!dialog.open) dialog.showModal();
    document.getElementById("rule-title").focus(); // read from the top; no control lit up
  },

  // The table settings that govern a rule, their value here, and "we play it differently".
  ruleSettings(book, rule, kind) {
    // the settings governing the rule, or one its summary names (MZ-R8 names MZ-16's option)
    const settings = book.settings.filter((s) => s.rule === rule.id
      || new RegExp(`\\b${s.rule}\\b`).test(rule.summary));
    const here = ZT.kind === kind && ZT.snapshot ? ZT.snapshot : null;
    if (!settings.length) {
      if (!rule.ruling) return null;
      return ZT.el("p", { class: "no-setting" }, ZT.el("strong", {}, "No table setting covers this. "),
        "The table always plays it this way; a table that plays it differently has to settle it among the players.");
    }
    const box = ZT.el("div", { class: "rule-settings" }, ZT.el("h3", {}, "Table setting"));
    // once a setting changed, the card shows the settings as they are now, and what changed
    const changed = (message) => {
      const fresh = ZT.ruleSettings(book, rule, kind);
      fresh.append(ZT.el("p", { class: "changed", role: "status" }, message));
      box.replaceWith(fresh);
    };
    for (const s of settings) {
      const value = here ? String(here.setup?.[s.name] ?? s.default) : s.next;
      box.append(ZT.el("p", { class: "setting-line", dataset: { setting: s.name } },
        ZT.el("strong", {}, `${s.label}: `), s.names[value] ?? value,
        ` in ${here ? "this game" : "new games"} (default ${s.names[s.default] ?? s.default}).`));
      box.append(ZT.differently(s, value, here, kind, book, changed));
    }
    return box;
  },

  // "We play it differently": change the setting for the next game, or for this one while it
  // has not mattered yet (the table refuses once a move would have gone differently); once
  // changed, ``changed`` is told what changed.
  differently(setting, value, here, kind, book, changed) {
    const others = setting.choices.filter((c) => c !== value);
    const select = ZT.el("select", { "aria-label": `${setting.label}: we play it` },
      others.map((c) => ZT.el("option", { value: c }, setting.names[c] ?? c)));
    const said = ZT.el("p", { class: "changed", role: "status" });
    // Settings that share a rule and their choices (the suits' item effects) swap values, so
    // that each choice stays with exactly one of them.
    const values = (current) => {
      const out = { [setting.name]: select.value };
      for (const s of book.settings) {
        if (s.name !== setting.name && s.rule === setting.rule && current(s) === select.value) out[s.name] = current(setting);
      }
      return out;
    };
    const buttons = [];
    if (here && here.status === "active") {
      const current = (s) => String(ZT.snapshot.setup?.[s.name] ?? s.default);
      buttons.push(ZT.el("button", { dataset: { step: "setting-now" }, onclick: async () => {
        try {
          const snapshot = await ZT.change("/settings", { settings: values(current) });
          const now = snapshot.setup[setting.name];
          changed(`${setting.label}: ${setting.names[now] ?? now} in this game from now on.`);
        } catch (error) {
          said.textContent = error.message;
        }
      } }, "In this game"));
    }
    buttons.push(ZT.el("button", { dataset: { step: "setting-next" }, onclick: async () => {
      try {
        const data = await ZT.send("PUT", `/api/rules/${kind}/settings`, values((s) => s.next));
        book.settings = data.settings;
        changed(`${setting.label}: ${setting.names[select.value] ?? select.value} in new games of ${data.title}.`);
      } catch (error) {
        said.textContent = error.message;
      }
    } }, "From the next game"));
    return ZT.el("details", { class: "differently" }, ZT.el("summary", {}, "We play it differently"),
      ZT.el("label", {}, "We play it", select), ZT.el("div", { class: "row" }, buttons), said);
  },

  ruleExamples(rule) {
    if (!rule.examples?.length) return null;
    return ZT.el("div", { class: "rule-examples" }, ZT.el("h3", {}, "Example"), rule.examples.map((e) =>
      ZT.el("p", { class: `example ${e.kind}` },
        ZT.el("span", { class: "before" }, e.before), " ",
        ZT.el("span", { class: "did" }, `→ ${e.action}`), " ",
        ZT.el("span", {}, ZT.el("strong", {}, e.kind === "refusal" ? "Refused: " : "The table: "), e.text))));
  },
});
