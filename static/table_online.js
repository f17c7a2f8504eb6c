// The play screen online (static/table.js): the event stream, catching up, the banner
// while the network is gone, a link the host replaced.
"use strict";

(() => {
  const { ANSWER_WAIT_MS } = window.skyjoCards;
  // A stream refused while the table answers is asked for again after 2 s, then twice as
  // long each time, up to 30 s.
  const RETRY_FIRST_MS = 2000;
  const RETRY_LAST_MS = 30000;

  // Methods of the play screen (static/table.js copies them onto its Table class).
  class Online {
    // Online: the event stream says "the version moved" and brings this page's own view with it.
    listen() {
      const offline = document.querySelector("[data-live-offline]");
      const live = document.querySelector("[data-live]");
      const setOnline = (up) => {
        const gone = this.root.classList.contains("is-replaced"); // no word of the network then
        if (offline) offline.hidden = up || gone;
        if (live) live.hidden = !up || gone;
        this.root.classList.toggle("is-offline", !up);
        this.banner(!up);
      };
      // The table is over: the server ends its stream for good (204), nothing is missed, and
      // no word of a network gone stays on the page.
      const over = () => {
        if (!this.state || this.state.status === "playing") return false;
        if (offline) offline.hidden = true;
        if (live) live.hidden = true;
        this.root.classList.remove("is-offline");
        this.banner(false);
        return true;
      };
      let retry = RETRY_FIRST_MS;
      const connect = () => {
        if (this.root.classList.contains("is-replaced")) return;
        const source = new EventSource(this.root.dataset.eventsUrl);
        this.source = source; // closed once the link opens the table no more (`replaced`)
        source.addEventListener("open", () => {
          retry = RETRY_FIRST_MS;
          setOnline(true);
        });
        source.addEventListener("error", async () => {
          // The stream ended: 401 (a replaced link) or 204 (over) for good, else EventSource
          // reconnects by itself after a while. The table is asked at once: a link replaced
          // or a table deleted is said now, the last move's answer is not missed, and the
          // network is said to be gone only when the table does not answer.
          if (over()) return;
          const answered = await this.refresh();
          if (over() || this.root.classList.contains("is-replaced")) return;
          if (answered === false) setOnline(false);
          if (source.readyState === EventSource.CLOSED) {
            // Refused (429: this link's pages hold every stream it may have; 503: the server
            // is full; a proxy's error page): EventSource never asks again by itself. The
            // page is not live: it asks again later, the table looked at each time.
            if (live) live.hidden = true;
            setTimeout(connect, retry);
            retry = Math.min(retry * 2, RETRY_LAST_MS);
          }
        });
        // The stream pushes this page's own answer after each version (`?answers=1`): asked
        // for only when it does not come.
        source.addEventListener("version", (event) => {
          setOnline(true);
          const version = JSON.parse(event.data).version;
          if (version === this.state.version) return;
          setTimeout(() => {
            if (this.state.version < version) this.refresh();
          }, ANSWER_WAIT_MS);
        });
        source.addEventListener("answer", (event) => {
          const state = JSON.parse(event.data);
          if (state.version <= this.state.version) return;
          if (this.busy) this.again = true; // a move is on its way: ask once it is answered
          else this.update(state);
        });
      };
      connect();
      // The phone's own network events say it at once (the stream may take its time to fail).
      window.addEventListener("offline", () => setOnline(false));
      window.addEventListener("online", async () => {
        if (await this.refresh()) setOnline(true);
      });
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") this.refresh();
      });
    }

    async refresh() {
      if (this.busy) {
        this.again = true;
        return;
      }
      try {
        const answer = await fetch(this.root.dataset.stateUrl, { headers: this.headers() });
        if (answer.ok) this.update(await answer.json());
        else if (this.online && answer.status === 401) this.replaced();
        else if (this.online && answer.status === 404) this.replaced("[data-deleted]");
        return answer.ok;
      } catch (error) {
        return false; // offline: the stream's reconnection brings the table back
      }
    }

    // The table's own banner while the network is gone (not the score pad's words).
    banner(down) {
      const box = document.querySelector("[data-table-offline]");
      if (box) box.hidden = !down || this.root.classList.contains("is-replaced");
    }

    // Online: this link was replaced by the host (`[data-replaced]`), or its table deleted
    // (`[data-deleted]`); the page says which, and what to do.
    replaced(which = "[data-replaced]") {
      this.root.classList.add("is-replaced");
      if (this.source) this.source.close();
      for (const node of document.querySelectorAll("[data-live], [data-live-offline], [data-table-offline]")) node.hidden = true;
      const box = document.querySelector(which);
      if (box && box.hidden) {
        box.hidden = false;
        this.q("board").hidden = true;
        box.focus();
      }
    }
  }

  window.skyjoTableParts = window.skyjoTableParts || {};
  window.skyjoTableParts.online = Online;
})();
