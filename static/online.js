// Online tables' invitation pages: copy a link, share it through the phone's share sheet.
// The host's page keeps itself current: who is online, whose turn, the round.
"use strict";

(() => {
  const WORDS = JSON.parse((document.getElementById("js-strings") || { textContent: "{}" }).textContent);
  const say = (text) => {
    const note = document.querySelector("[data-copied]");
    if (!note) return;
    note.textContent = text;
    note.hidden = false;
    setTimeout(() => (note.hidden = true), 2500);
  };
  const start = () => {
    for (const button of document.querySelectorAll("[data-share]")) {
      if (!navigator.share) continue;
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator.share({ title: button.dataset.shareTitle, url: button.dataset.share }).catch(() => {});
      });
    }
    for (const button of document.querySelectorAll("[data-copy]")) {
      button.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(button.dataset.copy);
          say(WORDS.copied || "Copied.");
        } catch (error) {
          say(WORDS.no_copy || "Copying is not allowed here: press on the link to copy it.");
        }
      });
    }
  };
  // The host's page fetches itself every few seconds (while it is shown) and takes the new
  // status lines; the forms stay as they are, so a choice being made is not lost. When the
  // game ends or is abandoned, the whole page is loaded again (its forms change).
  const keepCurrent = () => {
    const live = document.querySelector("[data-host-live]");
    if (!live) return;
    const look = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const answer = await fetch(live.dataset.hostLive, { cache: "no-store" });
        // The table deleted meanwhile: its page says so (its link opens no table now).
        if (answer.status === 404) window.location.assign(live.dataset.hostLive);
        if (!answer.ok) return;
        const fresh = new DOMParser().parseFromString(await answer.text(), "text/html");
        const status = fresh.querySelector("[data-host-live]");
        if (status && status.dataset.status !== live.dataset.status) {
          window.location.assign(live.dataset.hostLive);
          return;
        }
        for (const part of fresh.querySelectorAll("[data-host-part]")) {
          const here = document.querySelector(`[data-host-part="${part.dataset.hostPart}"]`);
          if (here && here.innerHTML !== part.innerHTML) {
            here.innerHTML = part.innerHTML;
            here.className = part.className;
            // The table moved on: a refusal said before it (a seat holding a drawn card,
            // say) may no longer hold, and goes.
            if (part.dataset.hostPart === "now") document.querySelectorAll(".flash-error").forEach((e) => e.remove());
          }
        }
      } catch (error) {
        // offline: the next look tries again
      }
    };
    setInterval(look, Number(live.dataset.every) || 10000);
  };
  const begin = () => {
    start();
    keepCurrent();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", begin);
  else begin();
})();
