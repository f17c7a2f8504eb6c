// A score sheet followed from another phone or a big screen (issue 23). The page's
// [data-live] element names the game's event stream and the address of the page's
// changing part; each `version` event newer than the part shown fetches that part again.
// The stream reconnects by itself (EventSource sends Last-Event-ID); after sleep, on
// coming back to the page or the network, the part is fetched at once and a closed
// stream opened again. On the sheet itself ([data-sheet-follow]) a newer version reloads
// the page, unless something is being typed; the version is noted first (sessionStorage),
// so that a reload that finds no network, and gets the phone's own copy of the sheet
// (pad-shell.js), knows that copy is older than the server's and says so.
"use strict";

(() => {
  const REOPEN_MS = 3000;
  const ANNOUNCED = "skyjo:shell:announced"; // read by pad-shell.js

  function follow(root, onVersion, onLost = () => {}) {
    let source = null;
    let timer = null;
    const open = () => {
      if (source && source.readyState !== EventSource.CLOSED) return;
      source = new EventSource(root.dataset.eventsUrl);
      source.addEventListener("version", (event) => {
        let data = null;
        try { data = JSON.parse(event.data); } catch (error) { return; }
        root.dataset.connected = "yes";
        onVersion(Number(data.version));
      });
      source.addEventListener("open", () => { root.dataset.connected = "yes"; });
      source.addEventListener("error", () => {
        root.dataset.connected = "no";
        onLost();  // the link may have been revoked: a look at the sheet tells
        if (source.readyState === EventSource.CLOSED && timer === null) {
          timer = setTimeout(() => { timer = null; if (root.dataset.gone !== "yes") open(); }, REOPEN_MS);
        }
      });
    };
    const wake = () => {
      if (document.visibilityState !== "visible" || root.dataset.gone === "yes") return;
      onVersion(null);
      open();
    };
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });
    open();
    return () => { if (source) source.close(); };
  }

  function watchPage(root) {
    const state = root.querySelector("[data-live-state]");
    // A screen reader hears what changed (the headline: the round, who leads or won), not
    // only the connection's unchanged "Live" line.
    const news = root.querySelector("[data-live-news]");
    const tell = (fresh) => {
      const headline = fresh.querySelector("[data-headline]");
      if (news && headline) news.textContent = headline.textContent.replace(/\s+/g, " ").trim();
    };
    const part = root.querySelector("[data-live-part]");
    let shown = Number(root.dataset.version);
    let busy = false;
    let again = false;
    let stop = () => {};
    const say = (words, kind) => {
      if (!state) return;
      state.textContent = state.dataset[words] || "";
      state.dataset.kind = kind;
    };
    const refresh = async () => {
      if (busy) { again = true; return; }
      busy = true;
      try {
        const answer = await fetch(root.dataset.partUrl, { cache: "no-store", credentials: "same-origin" });
        if (answer.status === 404 || answer.status === 401) {
          root.dataset.gone = "yes";
          say("goneWords", "gone");
          stop();
          return;
        }
        if (!answer.ok) return;
        const html = await answer.text();
        const fresh = new DOMParser().parseFromString(html, "text/html").querySelector("[data-part]");
        if (fresh && Number(fresh.dataset.version) >= shown) {
          const changed = Number(fresh.dataset.version) > shown;
          part.replaceChildren(document.importNode(fresh, true));
          if (changed) tell(fresh);
          shown = Number(fresh.dataset.version);
          root.dataset.version = String(shown);
          root.dispatchEvent(new CustomEvent("sheet:updated", { detail: { version: shown } }));
        }
        say("liveWords", "live");
      } catch (error) {
        say("lostWords", "lost");
      } finally {
        busy = false;
        if (again) { again = false; refresh(); }
      }
    };
    stop = follow(root, (version) => {
      if (version === null || version !== shown) refresh();
      else say("liveWords", "live");
    }, refresh);
    setInterval(() => { if (root.dataset.connected === "no" && root.dataset.gone !== "yes") say("lostWords", "lost"); }, 2000);
    window.addEventListener("offline", () => { if (root.dataset.gone !== "yes") say("lostWords", "lost"); });
  }

  function sheetPage(root) {
    const shown = Number(root.dataset.version);
    const state = document.querySelector("[data-sheet-state]");
    const typing = () => document.activeElement && /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
    // The stream lost: a sheet opened through a keeper link revoked since (or a game
    // deleted) shows the page that says so at once, not its old rounds; a network gone
    // changes nothing here (the offline banner says it).
    const look = async () => {
      try {
        const answer = await fetch(window.location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin", redirect: "manual" });
        if ([401, 403, 404].includes(answer.status) || answer.type === "opaqueredirect") window.location.reload();
      } catch (error) { /* no network */ }
    };
    // The newest version told, kept while the page is hidden or something is typed: on
    // coming back to the page (`version` null) it is drawn then.
    let latest = shown;
    follow(root, (version) => {
      if (version !== null) latest = Math.max(latest, version);
      if (latest > shown && document.visibilityState === "visible" && !typing()) {
        if (state) {
          try { sessionStorage.setItem(ANNOUNCED, JSON.stringify({ game: state.dataset.game, version: latest })); } catch (e) { /* not noted */ }
        }
        window.location.reload();
      }
    }, look);
  }

  // The big screen is never scrolled: with large text (or many players) it is drawn
  // smaller until the totals, the last round and its doubling sentence all fit, never
  // below half size.
  function fitScreen(tv) {
    const part = tv.querySelector("[data-live-part]");
    const fit = () => {
      part.style.zoom = "";
      // In hundredths: 0.95 less 0.05 nine times is not 0.5 in floating point.
      for (let percent = 95; percent >= 50 && document.documentElement.scrollHeight > window.innerHeight + 1; percent -= 5) {
        part.style.zoom = String(percent / 100);
      }
    };
    fit();
    tv.addEventListener("sheet:updated", fit);
    window.addEventListener("resize", fit);
  }

  const begin = () => {
    document.querySelectorAll(".tv[data-live]").forEach(fitScreen);
    document.querySelectorAll("[data-live]").forEach(watchPage);
    document.querySelectorAll("[data-sheet-follow]").forEach(sheetPage);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
