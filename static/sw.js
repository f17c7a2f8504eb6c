// Skyjo Pad's service worker: the app's shell and the pages last seen, for a pad that
// keeps working with no network. Served at /sw.js (scope: the whole app); the server
// writes the current asset addresses and their version into the two lines below.
"use strict";

const VERSION = "dev"; // replaced by the server: changes with every asset
const SHELL = []; // replaced by the server: the app's CSS, JavaScript, icons and home page
const CACHE = `skyjo-pad-${VERSION}`;
// Pages never kept on the phone: a table's secret links (/t/<token>: a seat's, the host's,
// the spectators') and the digital table's pages. A link revoked, or a table over, must
// not open again from the phone's cache; nor any answer that says `no-store`, nor a download
// (an export holds the whole address book).
const NEVER_KEPT = /^\/(t|tables)\//;
function keepable(request, response) {
  const cacheControl = response.headers.get("Cache-Control") || "";
  const download = /^\s*attachment/i.test(response.headers.get("Content-Disposition") || "");
  return !NEVER_KEPT.test(new URL(request.url).pathname) && !download && !/(^|,)\s*no-store\s*(,|$)/i.test(cacheControl);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const old = (await caches.keys()).filter((name) => name.startsWith("skyjo-pad-") && name !== CACHE);
    const next = await caches.open(CACHE);
    for (const request of await next.keys()) {  // nothing NEVER_KEPT stays, whoever put it
      const kept = await next.match(request);
      if (kept && !keepable(request, kept)) await next.delete(request);
    }
    // Pages seen with the old shell are kept: carried over, so they still open offline.
    for (const name of old) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (request.mode === "navigate" || !new URL(request.url).pathname.startsWith("/static/")) {
          const kept = await cache.match(request);
          // An older worker kept secret links too: those are dropped, never carried over.
          if (kept && keepable(request, kept) && !(await next.match(request))) await next.put(request, kept);
        }
      }
      await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// A page drawn online tells the worker its language and whether the browser is past the
// access password: the shell kept is fetched again when it was drawn otherwise (another
// language chosen since; logged in, or out, since: its links to History and Players), so
// that the pages drawn offline speak the reader's language and offer what they may open.
async function shellFor(language, letIn) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match("/offline");
  const text = kept ? await kept.text() : "";
  if (kept && text.includes(`<html lang="${language}">`) && /<body[^>]* data-let-in[ >]/.test(text) === letIn) return;
  const response = await fetch("/offline", { cache: "no-store" });
  if (response.ok && response.type === "basic") await cache.put("/offline", response);
}

self.addEventListener("message", (event) => {
  const { language, letIn } = event.data || {};
  if (typeof language === "string" && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(language)) event.waitUntil(shellFor(language, letIn === true).catch(() => {}));
});

// Static files carry their content hash: the cached copy is always right.
async function fromCacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

// The pad's pages (home, a new game, a sheet, a round's form, a take-back) are drawn on the
// phone when the network is gone: the one shell page (/offline, static/pad-shell.js) from
// the games kept in IndexedDB, never a stale copy of the page (its round number and
// version would be old). A game made on the phone (/games/c-…) has only that page.
const PAD_PAGE = /^\/($|games\/(new|[^/]+(\/rounds\/(new|\d+\/(edit|delete)))?)\/?$)/;
const LOCAL_GAME = /^\/games\/c-/;
async function padShell() {
  return (await caches.match("/offline")) || fetch("/offline");
}

// Pages: the network first (the sheet must be current), the last copy seen when offline.
async function fromNetworkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic" && keepable(request, response)) {
      (await caches.open(CACHE)).put(request, response.clone());
    }
    return response;
  } catch (error) {
    if (request.mode === "navigate" && PAD_PAGE.test(new URL(request.url).pathname)) {
      const shell = await caches.match("/offline");
      if (shell) return shell;
    }
    const cached = (await caches.match(request)) || (await caches.match(request, { ignoreSearch: true }))
      // Any other page never opened here: the shell says so, in the phone's language (never
      // another page's copy, which would show old games under this address).
      || (request.mode === "navigate" && (await caches.match("/offline")));
    if (cached) return cached;
    return new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
      + "<title>Offline</title><p>No network, and this page was not opened before on this phone. "
      + "Go back to a game's sheet: rounds saved there are kept and sent when the network is back.</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

// A pad form sent while the phone believes it is online but no answer comes (a dead
// network): back to its page with ?unsent=1, drawn on the phone, which keeps what was sent
// (a round found in its draft, a new game's names, a take-back) to send later.
const KEPT_FORM = /^\/games\/(new|[^/]+\/rounds\/(new|\d+\/(edit|delete)))$/;
async function saveOrKeep(request) {
  try {
    return await fetch(request);
  } catch (error) {
    return Response.redirect(`${new URL(request.url).pathname}?unsent=1`, 303);
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate" && KEPT_FORM.test(url.pathname)) {
    event.respondWith(saveOrKeep(request));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith("/static/")) event.respondWith(fromCacheFirst(request));
  else if (request.mode === "navigate" && LOCAL_GAME.test(url.pathname)) event.respondWith(padShell());
  // A digital table is played on the server, a secret link opens it: never kept (NEVER_KEPT).
  else if (request.mode === "navigate" && !NEVER_KEPT.test(url.pathname)) event.respondWith(fromNetworkFirst(request));
  // Everything else (the API, live updates, previews) goes to the network as it is.
});
