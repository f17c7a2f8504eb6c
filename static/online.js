// Online tables' invitation pages: copy a link, share it through the phone's share sheet.
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
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
