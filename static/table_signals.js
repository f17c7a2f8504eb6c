// The play screen's signals, beside static/table.js (which sends "skyjo:table" after each
// drawing): "your turn" by vibration and sound (each off until chosen, remembered on the
// phone) and in the tab's title while the page is in the background; and, on an online
// seat handed to the computer, the notice that says so and how to get it back.
"use strict";

(() => {
  const WORDS = JSON.parse((document.getElementById("js-strings") || { textContent: "{}" }).textContent);
  const t = (key, vars = {}) => window.fillWords(WORDS[key] || key, vars);
  const KEY = (name) => `skyjo-turn-${name}`;
  const title = document.title;
  let mine = null; // whether it was the reader's turn at the last drawing (null: not drawn yet)

  const wanted = (name) => {
    try {
      return localStorage.getItem(KEY(name)) === "on";
    } catch (error) {
      return false;
    }
  };

  // A short two-note chime, made on the phone (no sound file to fetch).
  function chime() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    const audio = new Context();
    [660, 880].forEach((pitch, i) => {
      const tone = audio.createOscillator();
      const level = audio.createGain();
      const at = audio.currentTime + i * 0.18;
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.15, at);
      level.gain.exponentialRampToValueAtTime(0.001, at + 0.16);
      tone.connect(level).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.17);
    });
    setTimeout(() => audio.close(), 600);
  }

  const myTurn = (s) => s.status === "playing" && !s.watching && s.actor === s.you && s.moves.length > 0 && !s.bots[s.you];

  function retitle() {
    document.title = mine && document.visibilityState !== "visible" ? `${t("turn_title")} · ${title}` : title;
  }

  function signal(s) {
    const now = myTurn(s);
    if (now && mine === false) {
      if (wanted("vibrate") && navigator.vibrate) navigator.vibrate([120, 80, 120]);
      if (wanted("sound")) chime();
    }
    mine = now;
    retitle();
    const box = document.querySelector("[data-signals]");
    if (box) box.hidden = s.watching || s.status !== "playing" || Boolean(s.bots[s.you]);
  }

  // Online: the host gave this seat to a computer player; the person is told, and how to
  // get it back.
  function handedOver(s) {
    const box = document.querySelector("[data-bot-seat]");
    if (!box) return;
    const level = s.bots[s.you];
    const show = Boolean(s.online && !s.watching && level && s.status === "playing");
    if (show) {
      box.querySelector("[data-bot-seat-text]").textContent = t("seat_to_computer", {
        level: WORDS[`level_${level}`] || level,
      });
    }
    box.hidden = !show;
  }

  document.addEventListener("skyjo:table", (event) => {
    signal(event.detail);
    handedOver(event.detail);
  });
  document.addEventListener("visibilitychange", retitle);

  const start = () => {
    const table = window.skyjoTable; // drawn before this script listened
    if (table) {
      signal(table.state);
      handedOver(table.state);
    }
    for (const box of document.querySelectorAll("[data-signal]")) {
      // A phone that cannot vibrate (Safari has no navigator.vibrate) is not offered to.
      if (box.dataset.signal === "vibrate" && typeof navigator.vibrate !== "function") {
        box.closest("label").hidden = true;
        continue;
      }
      box.checked = wanted(box.dataset.signal);
      box.addEventListener("change", () => {
        try {
          localStorage.setItem(KEY(box.dataset.signal), box.checked ? "on" : "off");
        } catch (error) {
          // private browsing: the choice lasts this page only
        }
        if (box.checked && box.dataset.signal === "sound") chime(); // hear what it sounds like
        if (box.checked && box.dataset.signal === "vibrate" && navigator.vibrate) navigator.vibrate(120);
      });
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
