// The offline shell: the pages' own files are kept, so the app opens even when the table's
// service cannot be reached, and says so; live game data always comes from the network.
"use strict";
const SHELL = "zombie-table-shell-v5";
const FILES = [
  "/offline", "/static/style.css", "/static/zt.js", "/static/dice.js", "/static/live.js",
  "/static/table.js", "/static/referee.js", "/static/camera.js", "/static/home.js",
  "/static/players.js", "/static/settings.js", "/static/cards.js", "/static/cards.css",
  "/static/awake.webm",
  "/static/icons/icon-192.png", "/static/icons/icon.svg", "/manifest.webmanifest",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(
    keys.filter((key) => key !== SHELL).map((key) => caches.delete(key)),
  )).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match("/offline")));
    return;
  }
  event.respondWith(fetch(request).catch(() => caches.match(request)));
});
