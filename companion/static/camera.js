// The Camera page: the live picture with the dice the camera sees, the tray it watches, its last
// read with the picture it came from, a read waiting for a tap, and the die colours.
"use strict";
(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const PALETTE = ["white", "black", "red", "green", "yellow", "blue", "other"];
  const GAME_COLORS = ["green", "yellow", "red"];
  const STATES = {
    rolling: "rolling: waiting for the dice to stop",
    settled: "settled: the roll is read",
    empty: "empty tray",
    unreadable: "unreadable",
    "camera lost": "camera lost",
  };
  const $ = (id) => document.getElementById(id);
  let camera = null; // sources.camera of the latest dice desk status
  let drag = null; // the tray being drawn: {x0, y0, x1, y1} in picture pixels
  let photoAt = null; // when the photo on show was read
  let colorsShown = false;
  let confirmBelow = 0.9; // a die read less surely than this is drawn as unsure

  const svg = (tag, attrs, text) => {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (text !== undefined) node.textContent = text;
    return node;
  };

  // Each die outlined with its value, each spot that may be a die it missed with "?"; the tray
  // (or the one being drawn) dashed.
  const drawOverlay = (overlay, size, dice, tray, doubts = []) => {
    if (!size) return overlay.replaceChildren();
    const [width, height] = size;
    overlay.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const shapes = dice.flatMap((die) => {
      const [x0, y0, x1, y1] = die.box;
      return [
        svg("rect", { class: `die-box${die.confidence < confirmBelow ? " unsure" : ""}`, x: x0, y: y0, width: x1 - x0, height: y1 - y0 }),
        svg("text", { class: "value", x: x0, y: Math.max(y0 - 6, 24) }, String(die.value)),
      ];
    });
    for (const doubt of doubts) {
      const [x0, y0, x1, y1] = doubt.box;
      shapes.push(svg("rect", { class: "die-box doubt", x: x0, y: y0, width: x1 - x0, height: y1 - y0 }),
        svg("text", { class: "value", x: x0, y: Math.max(y0 - 6, 24) }, "?"));
    }
    if (tray) {
      const [x0, y0, x1, y1] = tray;
      shapes.push(svg("rect", { class: drag ? "tray drawing" : "tray", x: x0, y: y0, width: x1 - x0, height: y1 - y0 }));
    }
    overlay.replaceChildren(...shapes);
  };

  const drawPreview = () => {
    if (!camera) return;
    const tray = drag ? [drag.x0, drag.y0, drag.x1, drag.y1].map(Math.round) : camera.tray;
    drawOverlay($("overlay"), camera.size, camera.seen, tray && [
      Math.min(tray[0], tray[2]), Math.min(tray[1], tray[3]), Math.max(tray[0], tray[2]), Math.max(tray[1], tray[3]),
    ], camera.doubtful);
  };

  const describe = (dice) => dice.map((d) => `${d.color ? d.color + " " : ""}${d.value}`).join(", ");

  const showCamera = (desk) => {
    camera = desk.sources.camera;
    confirmBelow = desk.confirm_below;
    if (!camera) return;
    const state = $("camera-state");
    state.textContent = STATES[camera.state] || camera.state;
    state.className = `live${camera.state === "settled" ? " on" : ""}`;
    $("no-picture").hidden = camera.state !== "camera lost";
    $("no-picture").textContent = `No picture from the camera${camera.error ? `: ${camera.error}` : ""}.`;
    drawPreview();
    const last = camera.last_read;
    if (last) {
      const sure = Math.min(...last.dice.map((d) => d.confidence));
      $("last-read").textContent = `${new Date(last.at).toLocaleTimeString()}: ${describe(last.roll.dice)}`
        + ` (sure ${sure.toFixed(2)})`;
      if (ZT.granted && last.at !== photoAt) {
        photoAt = last.at;
        $("photo").src = `/api/camera/photo.jpg?at=${encodeURIComponent(last.at)}`;
      }
      drawOverlay($("photo-overlay"), camera.size, last.dice, null);
    }
    $("photo-box").hidden = !(ZT.granted && last);
    if (!colorsShown) showColors(desk.colors);
  };

  // The live picture: the next one is asked for once the last has come (or failed), while the
  // tablet holds the PIN grant.
  const nextFrame = (wait) => setTimeout(() => {
    if (ZT.granted) $("frame").src = `/api/camera/frame.jpg?t=${Date.now()}`;
    else nextFrame.running = false;
  }, wait);
  $("frame").addEventListener("load", () => nextFrame(250));
  $("frame").addEventListener("error", () => nextFrame(1000));

  // Called whenever the tablet is unlocked or locked, by this page's button or the header's.
  const showPictures = () => {
    $("locked").hidden = ZT.granted;
    $("pictures").hidden = !ZT.granted;
    if (!ZT.granted || nextFrame.running) return;
    nextFrame.running = true;
    nextFrame(0);
    if (camera && camera.last_read) photoAt = null; // load the photo too
  };

  // Picture pixels under a pointer event.
  const at = (event) => {
    const box = $("overlay").getBoundingClientRect();
    const [width, height] = camera.size;
    const clamp = (v, top) => Math.min(Math.max(v, 0), top);
    return [
      clamp(((event.clientX - box.left) / box.width) * width, width),
      clamp(((event.clientY - box.top) / box.height) * height, height),
    ];
  };

  const setTray = (tray) => ZT.send("PUT", "/api/camera/tray", { tray }).then((desk) => {
    ZT.toast(tray ? "The camera watches the tray you marked." : "The camera watches the whole picture.");
    showCamera(desk);
  }, ZT.fail);

  const dragTray = (overlay) => {
    overlay.addEventListener("pointerdown", (event) => {
      if (!camera || !camera.size) return;
      const [x, y] = at(event);
      drag = { x0: x, y0: y, x1: x, y1: y };
      overlay.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    overlay.addEventListener("pointermove", (event) => {
      if (!drag) return;
      [drag.x1, drag.y1] = at(event);
      drawPreview();
    });
    const end = () => {
      if (!drag) return;
      const tray = [Math.min(drag.x0, drag.x1), Math.min(drag.y0, drag.y1), Math.max(drag.x0, drag.x1), Math.max(drag.y0, drag.y1)];
      drag = null;
      const [x0, y0, x1, y1] = [Math.floor(tray[0]), Math.floor(tray[1]), Math.ceil(tray[2]), Math.ceil(tray[3])];
      if (x1 - x0 < 20 || y1 - y0 < 20) {
        drawPreview();
        return ZT.toast("Drag across the whole tray to mark it.");
      }
      setTray([x0, y0, x1, y1]);
    };
    overlay.addEventListener("pointerup", end);
    overlay.addEventListener("pointercancel", () => { drag = null; drawPreview(); });
  };

  // One choice per colour the camera may see: keep it as seen, or count it as a game colour.
  const showColors = (colors) => {
    colorsShown = true;
    $("colors").replaceChildren(...PALETTE.map((seen) => ZT.el("label", { class: "color-map" },
      ZT.el("span", { class: `chip c-${seen}` }, seen),
      ZT.el("select", { dataset: { seen }, "aria-label": `a ${seen} die counts as` },
        ZT.el("option", { value: "" }, "as seen"),
        GAME_COLORS.map((meant) => ZT.el("option", { value: meant, selected: colors[seen] === meant }, meant))))));
  };

  const saveColors = () => {
    const colors = {};
    for (const select of $("colors").querySelectorAll("select")) {
      if (select.value) colors[select.dataset.seen] = select.value;
    }
    ZT.send("PUT", "/api/dice/colors", colors).then((desk) => {
      ZT.toast("Colours saved.");
      ZT.renderDice(desk);
    }, ZT.fail);
  };

  // The game in play: where the dice go, and what a fixed read must look like.
  const followGame = async () => {
    try {
      const { current, kinds } = await (await fetch("/api/games")).json();
      ZT.snapshot = current ? await (await fetch(`/api/games/${current}`)).json() : null;
      const title = ZT.snapshot && kinds.find((k) => k.name === ZT.snapshot.kind).title;
      $("game-line").textContent = ZT.snapshot
        ? `The dice go to ${title}: ${ZT.snapshot.prompt.text}`
        : "No game is being played: start one on the home page.";
    } catch (error) { /* the next poll tries again */ }
  };

  ZT.watchDice(500, showCamera);
  followGame();
  setInterval(followGame, 2000);
  dragTray($("overlay"));
  $("unlock").addEventListener("click", () => ZT.askPin());
  document.addEventListener("zt-lock", showPictures);
  $("read-now").addEventListener("click", () => ZT.send("POST", "/api/dice/read", {}).then(ZT.renderDice, ZT.fail));
  $("whole-picture").addEventListener("click", () => setTray(null));
  $("save-colors").addEventListener("click", saveColors);
  ZT.ready.then(showPictures);
})();
