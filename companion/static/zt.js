// Shared by every page: building DOM, talking to the API, the table PIN, messages.
"use strict";
const ZT = {
  csrf: null,
  granted: false,
  ready: null, // settles once the page knows whether this browser holds the PIN grant

  el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "class") node.className = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  toast(message, kind) {
    const box = document.getElementById("toast");
    box.textContent = message;
    box.className = "show " + (kind || "");
    clearTimeout(ZT._toastTimer);
    ZT._toastTimer = setTimeout(() => { box.className = ""; }, kind === "error" ? 6000 : 2500);
  },

  async session() {
    const data = await (await fetch("/api/session")).json();
    ZT.granted = data.granted;
    ZT.csrf = data.csrf;
    document.getElementById("pin-button").textContent = ZT.granted ? "Unlocked" : "PIN";
    return data;
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
        const response = await fetch("/api/session", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ pin: input.value }),
        });
        const data = await response.json();
        if (response.ok) {
          ZT.granted = true;
          ZT.csrf = data.csrf;
          document.getElementById("pin-button").textContent = "Unlocked";
          done(true);
        } else {
          error.textContent = data.error;
          input.select();
        }
      };
      cancel.onclick = () => done(false);
      dialog.showModal();
      input.focus();
    });
  },

  // A change to a game; asks for the PIN first when this browser has no grant.
  async send(method, path, body) {
    if (!ZT.granted && !(await ZT.askPin())) throw new Error("The table PIN is needed.");
    const response = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json", "X-CSRF-Token": ZT.csrf || "" },
      body: JSON.stringify(body || {}),
    });
    const data = await response.json();
    if (response.status === 401) {
      ZT.granted = false;
      return ZT.send(method, path, body);
    }
    if (!response.ok) {
      const error = new Error(data.error);
      error.rule = data.rule;
      error.status = response.status;
      throw error;
    }
    return data;
  },

  fail(error) {
    ZT.toast(error.rule ? `${error.message} [${error.rule}]` : error.message, "error");
  },
};

document.getElementById("pin-button").addEventListener("click", () => {
  if (!ZT.granted) ZT.askPin();
});
ZT.ready = ZT.session();
