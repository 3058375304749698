// Live updates for the pages of one browser, over ONE stream to the table however many pages are
// open: a browser gives a host only six connections, and each stream holds one for good.
//
// The pages shown share the table-wide stream (/api/stream?updates=1, the id and version of each
// game that changes, with a small update from the version before) through a BroadcastChannel: one
// of them holds it and passes on what it hears; if that page goes, another takes over. A page
// builds the new snapshot from the update when it holds the version the update is from, and
// otherwise fetches the snapshot whole (a gap: it never shows a state that skips one); it also
// fetches whenever the stream it shares comes (back) up. A page that is hidden or left (into the
// back/forward cache too) lets go of everything, and catches up when shown again.
// No API that needs https (Web Locks, Service Worker messages): the table is plain http.
"use strict";
ZT.live = (() => {
  const NAME = "zombie-table-live";
  const BEAT = 1000; // how often the page holding the stream says so (ms)
  const LOST = 3500; // after this long without a word from it, another page takes over
  // A page that wants to take over waits this long for an objection: longer than the table takes
  // to see the stream of a page just hidden let go (a quarter second), so that a tab brought to the
  // front never holds a second stream beside the one it takes over from.
  const CLAIM = 750;
  const REOPEN = 2000; // a stream the browser gave up on is opened again after this long
  const me = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const watches = [];
  let channel = null; // open while the page is shown
  let source = null; // the stream, on the page that holds it
  let role = "off"; // off | claiming | follower | holder
  let heard = 0; // when the holder last spoke
  let state = "connecting"; // connecting | live | reconnecting
  let shown = true; // false from pagehide until pageshow
  let ticker = null;

  const post = (message) => channel.postMessage({ ...message, from: me });

  // What the page shows is as new as the table's, or a fetch is on its way.
  const refresh = async (watch) => {
    if (watch.busy) {
      watch.again = true;
      return;
    }
    watch.busy = true;
    try {
      const response = await fetch(`/api/games/${watch.game}`, { cache: "no-store" });
      const snapshot = response.ok ? await response.json() : null;
      if (snapshot && snapshot.version > watch.version) show(watch, snapshot);
    } catch (error) { /* the stream says when the table is back, and this runs again */ }
    watch.busy = false;
    if (watch.again) {
      watch.again = false;
      refresh(watch);
    }
  };

  const setState = (next) => {
    if (next === state) return;
    state = next;
    for (const watch of watches) watch.onState(state);
    if (state === "live") for (const watch of watches) refresh(watch); // changes may have been missed
  };

  const show = (watch, snapshot) => {
    watch.version = snapshot.version;
    watch.snapshot = snapshot;
    watch.onSnapshot(snapshot);
  };

  // The snapshot an update brings: its fields laid over the one held, its actions added to the log.
  const updated = (snapshot, { set, log, keep }) =>
    ({ ...snapshot, ...set, log: snapshot.log.concat(log).slice(-keep) });

  const changed = ({ id, version, from, update }) => {
    for (const watch of watches) {
      if (watch.game !== id || version <= watch.version) continue;
      if (update && from === watch.version) show(watch, updated(watch.snapshot, update));
      else refresh(watch);
    }
  };

  const beat = () => post({ type: "holder", state });

  const open = () => {
    source = new EventSource("/api/stream?updates=1");
    source.addEventListener("open", () => { setState("live"); beat(); });
    source.addEventListener("change", (event) => {
      const change = JSON.parse(event.data);
      changed(change);
      post({ type: "change", change });
    });
    source.addEventListener("error", () => {
      setState("reconnecting");
      beat();
      if (source.readyState === EventSource.CLOSED) {
        source = null;
        setTimeout(() => { if (role === "holder" && !source) open(); }, REOPEN);
      }
    });
  };

  const hold = () => {
    role = "holder";
    setState("connecting");
    beat();
    open();
  };

  const follow = () => {
    if (source) source.close();
    source = null;
    role = "follower";
    heard = Date.now();
  };

  const claim = () => {
    role = "claiming";
    post({ type: "claim" });
    setTimeout(() => { if (role === "claiming") hold(); }, CLAIM);
  };

  const hear = ({ data }) => {
    switch (data.type) {
      case "holder":
        if (role === "holder") {
          if (data.from < me) follow(); // two took over at once: the older page keeps it
          else return;
        }
        role = "follower";
        heard = Date.now();
        setState(data.state);
        break;
      case "claim":
        if (role === "holder") beat();
        else if (role === "claiming" && data.from < me) follow();
        break;
      case "resign":
        if (role === "follower") claim();
        break;
      case "change":
        changed(data.change);
        break;
    }
  };

  const tick = () => {
    if (role === "holder") beat();
    else if (role === "follower" && Date.now() - heard > LOST) claim();
  };

  const join = () => {
    setState("connecting");
    if (!("BroadcastChannel" in window)) { // nothing to share with: the page holds its own
      channel = { postMessage() {}, close() {} };
      return hold();
    }
    channel = new BroadcastChannel(NAME);
    channel.addEventListener("message", hear);
    ticker = setInterval(tick, BEAT);
    claim();
  };

  const leave = () => {
    if (role === "holder") post({ type: "resign" });
    if (source) source.close();
    source = null;
    clearInterval(ticker);
    channel.close();
    channel = null;
    role = "off";
    setState("connecting");
  };

  const sync = () => {
    const wanted = watches.length > 0 && shown && document.visibilityState === "visible";
    if (wanted && !channel) join();
    else if (!wanted && channel) leave();
  };

  addEventListener("pagehide", () => { shown = false; sync(); });
  addEventListener("pageshow", () => { shown = true; sync(); });
  document.addEventListener("visibilitychange", sync);

  return {
    // Call onSnapshot(snapshot) with the game's snapshot now and whenever it changes, and
    // onState(state) when the live connection is "connecting", "live" or "reconnecting".
    watch(game, onSnapshot, onState) {
      const watch = { game, onSnapshot, onState, version: -1, snapshot: null, busy: false, again: false };
      watches.push(watch);
      onState(state);
      refresh(watch); // the game at once, before the stream is up
      sync();
    },
  };
})();
