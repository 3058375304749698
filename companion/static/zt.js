// Shared by every page: building DOM, talking to the API, the table PIN, notices, rules,
// questions, this browser's display settings and sounds (docs/DESIGN.md).
"use strict";
const ZT = {
  csrf: null,
  granted: false,
  // counts this page's own grants and locks: a check of the grant asked before one of them
  // answers too late to count
  grantsChanged: 0,
  ready: null, // settles once the page knows whether this browser holds the PIN grant
  refused: null, // the last refusal (an Error with .rule), until a menu form shows it
  UNREACHABLE: "The table cannot be reached; check this tablet's network. Nothing was changed.",

  el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "class") node.className = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key === "style") node.style.cssText = value; // not an attribute: the page's CSP
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  // Icons on a 24x24 grid in currentColor (docs/DESIGN.md); a control that shows one has a label.
  ICONS: {
    home: "M3 11l9-8 9 8v10h-6v-6H9v6H3z",
    menu: "M3 6h18v2.5H3zm0 5h18v2.5H3zm0 5h18v2.5H3z",
    undo: "M9 5L3 10.5 9 16v-4h6a4 4 0 010 8h-3v2.5h3a6.5 6.5 0 000-13H9z",
    close: "M5 6.8L6.8 5 12 10.2 17.2 5 19 6.8 13.8 12 19 17.2 17.2 19 12 13.8 6.8 19 5 17.2 10.2 12z",
    lock: "M7 10V7a5 5 0 0110 0v3h2v11H5V10zm2.5 0h5V7a2.5 2.5 0 00-5 0z",
    unlock: "M7 10V7a5 5 0 019.6-2l-2.3 1A2.5 2.5 0 009.5 7v3H19v11H5V10z",
    star: "M12 2l3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z",
  },

  icon(name) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("class", "icon");
    svg.setAttribute("aria-hidden", "true");
    svg.innerHTML = `<path fill="currentColor" d="${ZT.ICONS[name]}"/>`;
    return svg;
  },

  // A passing word ("Unlocked", "Saved"); never the only place something important is said.
  toast(message) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.className = "show";
    clearTimeout(ZT._toastTimer);
    ZT._toastTimer = setTimeout(() => { box.className = ""; }, 2500);
  },

  // A refusal or an explanation: stays until dismissed (or until the next change succeeds).
  notice(text, options) {
    const { rule, kind } = options || {};
    const box = document.getElementById("notice");
    const words = ZT.el("p", { class: "words" }, text);
    const body = ZT.el("div", { class: "text" }, words, ZT.ruleChip(rule));
    box.replaceChildren(body, ZT.el("button", {
      class: "close", "aria-label": "Dismiss", onclick: () => ZT.clearNotice(),
    }, "✕"));
    box.className = `notice ${kind === "refusal" ? "refusal" : "explain"}`;
    box.setAttribute("role", kind === "refusal" ? "alert" : "status");
    box.hidden = false;
  },

  // The button that opens a rule, titled once the rule book is loaded; null for the checks
  // every game makes (core.*), which are no rule a player can look up.
  ruleChip(rule) {
    if (!rule || rule.startsWith("core.")) return null;
    const chip = ZT.el("button", { type: "button", class: "rule-chip", dataset: { rule }, onclick: () => ZT.showRule(rule) }, `Rule ${rule}`);
    ZT.ruleTitle(rule).then((title) => { if (title) chip.textContent = `Rule ${rule}: ${title}`; });
    return chip;
  },

  clearNotice() {
    const box = document.getElementById("notice");
    if (box) { box.hidden = true; box.replaceChildren(); }
  },

  // Every call to the API goes here: answers a JSON body or throws an Error whose message is
  // a sentence for a player (with .rule and .status when the table refused).
  async request(method, path, body) {
    let response;
    try {
      response = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json", "X-CSRF-Token": ZT.csrf || "" },
        body: method === "GET" ? undefined : JSON.stringify(body || {}),
      });
    } catch {
      throw Object.assign(new Error(ZT.UNREACHABLE), { status: 0 });
    }
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok || data === null) {
      const message = data && data.error ? ZT.sentence(data.error)
        : `The table answered with an error (${response.status}); nothing was changed.`;
      throw Object.assign(new Error(message), { rule: data && data.rule, status: response.status });
    }
    return data;
  },

  // "there is no game 'x'" -> "There is no game 'x'."
  sentence(text) {
    const t = String(text).trim();
    if (!t) return t;
    return t[0].toUpperCase() + t.slice(1) + (/[.!?)]$/.test(t) ? "" : ".");
  },

  async session() {
    const asked = ZT.grantsChanged;
    try {
      const data = await ZT.request("GET", "/api/session");
      if (asked === ZT.grantsChanged) {
        ZT.granted = data.granted;
        ZT.csrf = data.csrf;
      }
    } catch {
      if (asked === ZT.grantsChanged) ZT.granted = false;
    }
    ZT.showLock();
    return { granted: ZT.granted };
  },

  showLock() {
    const button = document.getElementById("pin-button");
    if (button) {
      button.replaceChildren(ZT.icon(ZT.granted ? "unlock" : "lock"),
        ZT.el("span", { class: "label" }, ZT.granted ? "Unlocked" : "PIN"));
      button.setAttribute("aria-label", ZT.granted ? "Unlocked with the table PIN: lock this tablet" : "Unlock with the table PIN");
    }
    document.documentElement.dataset.granted = ZT.granted ? "yes" : "no";
    document.dispatchEvent(new Event("zt-lock"));
  },

  askPin() {
    const dialog = document.getElementById("pin-dialog");
    const input = document.getElementById("pin-input");
    const error = document.getElementById("pin-error");
    error.textContent = "";
    input.value = "";
    return new Promise((resolve) => {
      const form = document.getElementById("pin-form");
      const cancel = document.getElementById("pin-cancel");
      const done = (ok) => {
        form.onsubmit = null;
        cancel.onclick = null;
        dialog.close();
        resolve(ok);
      };
      form.onsubmit = async (event) => {
        event.preventDefault();
        try {
          const data = await ZT.request("POST", "/api/session", { pin: input.value });
          ZT.grantsChanged += 1;
          ZT.granted = true;
          ZT.csrf = data.csrf;
          ZT.showLock();
          done(true);
        } catch (failure) {
          error.textContent = failure.message;
          input.select();
        }
      };
      cancel.onclick = () => done(false);
      dialog.showModal();
      input.focus();
    });
  },

  // Lock this tablet: its grant ends on the table, so a copy of its cookie is no use either.
  async lock() {
    if (!(await ZT.confirm("Lock this tablet? Changing a game will need the table PIN again.", "Lock this tablet"))) return;
    try {
      await ZT.request("DELETE", "/api/session");
    } catch (failure) {
      ZT.notice(failure.message, { kind: "refusal" });
      return;
    }
    ZT.grantsChanged += 1;
    ZT.granted = false;
    ZT.csrf = null;
    ZT.showLock();
    ZT.toast("Locked");
  },

  // A change; asks for the PIN first when this browser has no grant.
  async send(method, path, body) {
    if (!ZT.granted && !(await ZT.askPin())) throw Object.assign(new Error("The table PIN is needed to change this."), { status: 401 });
    try {
      return await ZT.request(method, path, body);
    } catch (error) {
      if (error.status === 401) {
        ZT.granted = false;
        ZT.showLock();
        return ZT.send(method, path, body);
      }
      throw error;
    }
  },

  fail(error) {
    ZT.refused = error; // the last refusal, for a form in the menu to show beside its fields
    ZT.notice(error.message, { rule: error.rule, kind: "refusal" });
    ZT.sound("refuse");
  },

  // -- rules: one entry point ----------------------------------------------------------------

  ruleKind(id) {
    const prefix = id.split("-")[0];
    return { ZD: "zombie-dice", LD: "lonely-dead", MZ: "moore-zombies", ZC: "zombies-card-game", ZF: "zombified" }[prefix]
      || document.getElementById("game")?.dataset.kind;
  },

  // A game's rule book (GET /api/rules/<kind>: rules, settings, worked examples), once a page.
  ruleBook(kind) {
    ZT.books = ZT.books || {};
    if (!ZT.books[kind]) {
      ZT.books[kind] = ZT.request("GET", `/api/rules/${kind}`).catch((error) => {
        delete ZT.books[kind];
        throw error;
      });
    }
    return ZT.books[kind];
  },

  async ruleTitle(id) {
    const book = await ZT.ruleBook(ZT.ruleKind(id)).catch(() => null);
    return book?.rules.find((r) => r.id === id)?.title || null;
  },

  // ZT.showRule(id), the one entry point to show a rule, is the rule card of referee.js.

  // Ask a question in a dialog; resolves true for yes.
  confirm(question, yes, no) {
    const dialog = document.getElementById("confirm-dialog");
    document.getElementById("confirm-text").textContent = question;
    document.getElementById("confirm-yes").textContent = yes || "Yes";
    document.getElementById("confirm-no").textContent = no || "Cancel";
    dialog.returnValue = "";
    return new Promise((resolve) => {
      dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
      dialog.showModal();
      document.getElementById("confirm-no").focus();
    });
  },

  // -- this browser's display settings ------------------------------------------------------

  display() {
    try {
      return { text: "normal", theme: "day", sound: false, ...JSON.parse(localStorage.getItem("zt-display") || "{}") };
    } catch {
      return { text: "normal", theme: "day", sound: false };
    }
  },

  setDisplay(changes) {
    const display = { ...ZT.display(), ...changes };
    localStorage.setItem("zt-display", JSON.stringify(display));
    document.documentElement.dataset.theme = display.theme;
    document.documentElement.dataset.text = display.text;
    return display;
  },

  // Short tones made here (no files), only when this browser has sound on.
  sound(name) {
    if (!ZT.display().sound) return;
    const notes = { bust: [[220, 0.18], [165, 0.3]], win: [[523, 0.12], [659, 0.12], [784, 0.3]], tap: [[880, 0.04]], refuse: [[200, 0.15]] }[name];
    if (!notes) return;
    try {
      ZT._audio = ZT._audio || new AudioContext();
      let at = ZT._audio.currentTime;
      for (const [freq, length] of notes) {
        const osc = ZT._audio.createOscillator();
        const gain = ZT._audio.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.15, at);
        gain.gain.exponentialRampToValueAtTime(0.001, at + length);
        osc.connect(gain).connect(ZT._audio.destination);
        osc.start(at);
        osc.stop(at + length);
        at += length;
      }
    } catch {
      // no sound on this browser
    }
  },
};

for (const node of document.querySelectorAll("[data-icon]")) node.prepend(ZT.icon(node.dataset.icon));
document.getElementById("pin-button")?.addEventListener("click", () => {
  if (ZT.granted) ZT.lock();
  else ZT.askPin();
});
ZT.ready = ZT.session();
