// Skyjo Pad: small enhancements. Every form works without this file.
"use strict";

const $$ = (root, sel) => Array.from(root.querySelectorAll(sel));

// The page's words in its language (skyjo_pad/web/js_strings.py), by key.
const WORDS = JSON.parse((document.getElementById("js-strings") || { textContent: "{}" }).textContent);
const LIMITS = JSON.parse((document.getElementById("js-limits") || { textContent: "{}" }).textContent);
// A message's placeholders filled in, with French elision where a name asks for it
// ("de %(name)s" with Alice: "d’Alice"; the name itself never changed), as the server's
// pages do (skyjo_pad/i18n.py `filled`). Every script's words go through it.
window.fillWords = (words, vars = {}) => {
  const french = document.documentElement.lang === "fr";
  const elided = french ? words.replace(/(^|[^\p{L}’'-])(de|que) %\((\w+)\)s/gu, (whole, before, word, name) => (
    /^[aeiouæœø]/u.test(String(vars[name]).normalize("NFD").toLowerCase()) ? `${before}${word.slice(0, -1)}’%(${name})s` : whole)) : words;
  return elided.replace(/%\((\w+)\)s/g, (_, name) => String(vars[name]));
};
const t = (key, vars = {}) => window.fillWords(WORDS[key] || key, vars);

// The phone's keyboard: Chromium shrinks the page above it when the viewport asks with
// interactive-widget; WebKit (Safari) does not know that key and logs an error for it, so it
// is added only where the browser has Chromium's VirtualKeyboard API. Everywhere else the
// visualViewport handler of the round form keeps the save bar above the keyboard.
(() => {
  const meta = document.querySelector("meta[name=viewport][data-keyboard]");
  if (meta && "virtualKeyboard" in navigator) meta.content = `${meta.content}, ${meta.dataset.keyboard}`;
})();

// The minus sign, by touch: tapping "−" toggles the sign and leaves the typing in the
// score field (the keyboard stays up, the next digits land there); a "-" typed into the
// field (or pasted, before or after the digits) becomes the sign. No digit is ever lost.
// Enter on the sign or the closer's choice never sends the form.
function setupSigns(form) {
  for (const seat of $$(form, "[data-seat]")) {
    const label = seat.querySelector("label.sign");
    const box = seat.querySelector("[data-sign]");
    const score = seat.querySelector(".score");
    const keepTyping = (event) => event.preventDefault(); // the field keeps the focus
    label.addEventListener("mousedown", keepTyping);
    label.addEventListener("pointerdown", keepTyping);
    // Typed here since the field was last arrived at: a "−" then keeps the digits coming
    // (1, −, 5 is −15); a number the field already held is selected instead, so typing
    // replaces it (a correction's 15, then −, then 3, is −3, never −153).
    let typed = false;
    score.addEventListener("focus", () => { typed = false; });
    const selectHeld = () => {
      const end = score.value.length;
      try { score.setSelectionRange(typed ? end : 0, end); } catch (e) { /* not every field has a caret */ }
    };
    // A tap on the label reaches the box too (the label passes its click on).
    box.addEventListener("click", () => {
      score.focus();
      selectHeld();
    });
    // Enter on the box does what Space does (it would send the form, which came back with
    // the first player's score in focus).
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      box.click();
    });
    // A tap into the field selects a number not typed here, so typing replaces it (the
    // caret of a right-aligned number would otherwise sit before its digits: 15, then 3,
    // gave 315), even when the field had the focus already (after "−").
    score.addEventListener("click", () => { if (!typed) selectHeld(); });
    score.addEventListener("input", () => {
      typed = true;
      const text = score.value;
      if (!/[-−–—+]/.test(text)) return;
      if (/[-−–—]/.test(text)) box.checked = true;
      else box.checked = false;
      score.value = text.replace(/[-−–—+]/g, "");
    });
  }
  // Enter on the closer's choice picks it and goes on to the first score (as on a score,
  // Enter moves on; it would send the form, or keep an unfinished round offline).
  const first = form.querySelector(".score");
  for (const radio of $$(form, "input[name=closer]")) {
    radio.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      radio.click();
      if (first) first.focus();
    });
  }
}

// A round's fields as the JSON API takes them, or a sentence saying what is missing.
// With every seat's cards counted, the grids too (3 rows of 4, null for a removed card),
// which the API keeps as the server's form does; it takes grids for all seats or none.
function roundBody(form) {
  const problem = typingProblem(form);
  if (problem) return problem;
  const scores = [];
  const grids = [];
  for (const seat of $$(form, "[data-seat]")) {
    const cells = $$(seat, ".cell");
    const counted = cells.some((c) => c.value.trim()) ? gridScore(cells) : undefined;
    if (counted === null) return t("fill_cards");
    if (counted) {
      scores.push(counted.raw);
      const values = cells.map(cellValue);
      grids.push([values.slice(0, 4), values.slice(4, 8), values.slice(8, 12)]);
      continue;
    }
    const score = typedScore(seat);
    if (typeof score === "string") return t(score);
    scores.push(score);
  }
  const picked = form.querySelector("input[name=closer]:checked");
  if (!picked) return t("choose_closer");
  const version = Number(form.querySelector("input[name=version]").value);
  return {
    scores,
    ...(grids.length === scores.length ? { grids } : {}),
    closer: picked.value === "none" ? null : Number(picked.value),
    ...(Number.isInteger(version) && form.querySelector("input[name=version]").value !== "" ? { version } : {}),
  };
}

// A seat's typed score, or what is wrong with it: "whole_numbers" (none typed yet),
// "not_whole" (not a whole number) or "too_large" (past the largest round score the server
// keeps, either way). Digits of any script count, as the server's form reads them.
function typedScore(seat) {
  const text = asciiDigits(seat.querySelector(".score").value.trim().replace(/\s/g, ""));
  if (!text) return "whole_numbers";
  if (!/^\d+$/.test(text)) return "not_whole";
  const n = Number(text);
  if (n > LIMITS.score_limit) return "too_large";
  return seat.querySelector("[data-sign]").checked ? -n : n;
}

// Digits of any script as ASCII ones ("١٢" is 12), as Python's int() reads them on the
// server: Unicode's decimal digits come in runs of ten, each from its 0.
function asciiDigits(text) {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0);
    let zero = code;
    while (/\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero -= 1;
    return String((code - zero) % 10);
  });
}

// The first score or card typed that cannot be read, in words naming its player (as the
// server's preview says it), or null: a blank score or a grid begun is not one yet.
function typingProblem(form) {
  for (const seat of $$(form, "[data-seat]")) {
    const name = seat.querySelector(".seat-name").textContent.trim();
    const cells = $$(seat, ".cell");
    const wrong = cells.findIndex((c) => c.value.trim() !== "" && cellValue(c) === undefined);
    if (wrong >= 0) {
      const text = cells[wrong].value.trim().slice(0, 4);
      const problem = t("not_a_card", { row: Math.floor(wrong / 4) + 1, column: (wrong % 4) + 1, text });
      return t("named_problem", { name, problem });
    }
    if (cells.some((c) => c.value.trim())) continue;
    const score = typedScore(seat);
    const text = seat.querySelector(".score").value.trim().slice(0, 12);
    if (score === "not_whole") return t("named_problem", { name, problem: t("not_whole", { text }) });
    if (score === "too_large") return t("named_problem", { name, problem: t("too_large") });
  }
  return null;
}
window.typingProblem = typingProblem;

// Each seat's 12 counted cards row by row (null: a removed card), or null where a score
// is typed (or the cards are not all in).
function seatGrids(form) {
  return $$(form, "[data-seat]").map((seat) => {
    const values = $$(seat, ".cell").map(cellValue);
    return values.length && values.every((v) => v !== undefined) ? values : null;
  });
}

// Typed rounds are kept in the browser until saved: a refused save, a reload or a phone
// gone to sleep loses nothing. One draft per game and form (new-6, edit-2).
const DRAFT = "skyjo:draft:";
const SKIP_FIELDS = new Set(["csrf_token", "version", "action"]);

function draftKey(form) { return `${DRAFT}${form.dataset.game}:${form.dataset.draft}`; }

function keepDraft(form) {
  const fields = {};
  for (const el of form.elements) {
    if (!el.name || SKIP_FIELDS.has(el.name)) continue;
    if (el.type === "radio") { if (el.checked) fields[el.name] = el.value; }
    else if (el.type === "checkbox") { if (el.checked) fields[el.name] = true; }
    else if (el.value) fields[el.name] = el.value;
  }
  const version = form.querySelector("input[name=version]").value;
  try {
    // A round sent once keeps what it was sent as (`markDraftSent`), however it is changed.
    const was = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
    const sentAs = was && was.sentAs ? { sentAs: was.sentAs } : {};
    if (Object.keys(fields).length) localStorage.setItem(draftKey(form), JSON.stringify({ version, fields, at: Date.now(), ...sentAs }));
    else localStorage.removeItem(draftKey(form));
  } catch (e) { /* private mode or full: the form still works */ }
}

// What a new round's draft was sent as, under the id it was sent with (`markDraftSent`):
// should the server have it (its answer lost), a change typed since corrects it there.
function draftSentAs(key, clientId) {
  try {
    const draft = JSON.parse(localStorage.getItem(key) || "null");
    const sent = draft && draft.sentAs;
    return sent && clientId && sent.clientId === clientId ? { scores: sent.scores, closer: sent.closer } : undefined;
  } catch (e) { return undefined; }
}
window.draftSentAs = draftSentAs;

// A new round typed here and never sent, whose number other phones' rounds took meanwhile:
// offered on the next round's form, saying so (the latest such draft, kept for a while:
// `UNSENT_KEPT_MS`).
const UNSENT_KEPT_MS = 3 * 3600 * 1000;
const unsentDraft = (draft) => draft && !draft.sent && Date.now() - (draft.at || 0) < UNSENT_KEPT_MS;

// A new round's preview names the next number: another phone saved this one meanwhile.
// The heading follows, and says why, once (Save names it already).
function sayRoundTaken(form, now) {
  const [kind, typed] = form.dataset.draft.split("-");
  if (kind !== "new" || !now || now === Number(typed) || form.dataset.roundTaken) return;
  form.dataset.roundTaken = "1";
  const heading = document.querySelector("main h1");
  if (heading) heading.textContent = t("round_n", { round: now });
  const note = document.createElement("p");
  note.className = "flash flash-error";
  note.setAttribute("role", "alert");
  note.textContent = t("draft_saved_meanwhile", { round: typed, next: now });
  form.querySelector("fieldset").before(note);
}

function carryOverDraft(form) {
  const number = Number(form.dataset.draft.split("-")[1]);
  if (!form.dataset.draft.startsWith("new-") || localStorage.getItem(draftKey(form))) return;
  for (let older = number - 1; older >= 1; older -= 1) {
    const key = `${DRAFT}${form.dataset.game}:new-${older}`;
    const draft = JSON.parse(localStorage.getItem(key) || "null");
    if (!unsentDraft(draft)) continue;
    localStorage.setItem(draftKey(form), JSON.stringify(draft));
    localStorage.removeItem(key);
    const note = document.createElement("p");
    note.className = "flash flash-error";
    note.setAttribute("role", "alert");
    note.textContent = t("draft_saved_meanwhile", { round: older, next: number });
    form.querySelector("fieldset").before(note);
    return;
  }
}

function restoreDraft(form) {
  let draft = null;
  try {
    carryOverDraft(form);
    draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
  } catch (e) { return false; }
  if (!draft || !draft.fields) return false;
  // A correction applies only to the round as it was when it was typed.
  if (form.dataset.draft.startsWith("edit-") && draft.version !== form.querySelector("input[name=version]").value) return false;
  for (const el of form.elements) {
    if (!el.name || SKIP_FIELDS.has(el.name)) continue;
    const kept = draft.fields[el.name];
    if (el.name === "client_id" && !kept) continue; // a draft from before the round had an id
    if (el.type === "radio") el.checked = kept === el.value;
    else if (el.type === "checkbox") el.checked = kept === true;
    else el.value = kept || "";
  }
  for (const details of $$(form, "details[data-count]")) {
    if ($$(details, ".cell").some((c) => c.value)) details.open = true;
  }
  return true;
}

// Save pressed online: the draft is on its way (the sheet forgets it once it shows that
// round; one never sent outlives other phones' rounds of its number, `carryOverDraft`).
function markDraftSent(form) {
  try {
    const draft = JSON.parse(localStorage.getItem(draftKey(form)) || "null");
    const body = roundBody(form);
    const clientId = roundId(form);
    const sent = typeof body === "object" && clientId ? { sentAs: { clientId, scores: body.scores, closer: body.closer } } : {};
    if (draft) localStorage.setItem(draftKey(form), JSON.stringify({ ...draft, sent: true, ...sent }));
  } catch (e) { /* nothing kept */ }
}

// On the sheet: forget the drafts of rounds it shows saved.
function forgetSavedDrafts(state) {
  const prefix = `${DRAFT}${state.dataset.game}:`;
  const rounds = Number(state.dataset.rounds);
  const version = Number(state.dataset.version);
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(prefix)) continue;
      const [kind, n] = key.slice(prefix.length).split("-");
      const draft = JSON.parse(localStorage.getItem(key) || "{}");
      const taken = Number(n) <= rounds && !unsentDraft(draft);
      if ((kind === "new" && taken) || (kind === "edit" && Number(draft.version) < version)) {
        localStorage.removeItem(key);
      }
    }
  } catch (e) { /* nothing kept */ }
}

// The round form: a live preview of doubling and totals as scores are typed, with the
// verdict (×2, the end of the game) and what Save will do in the save bar.
function setupRoundForm(form) {
  const table = form.querySelector("[data-preview]");
  const verdict = form.querySelector("[data-verdict]");
  const save = form.querySelector("[data-save]");
  const url = form.dataset.previewUrl;
  let timer = null;
  let seq = 0;
  const refresh = async () => {
    clearTimeout(timer);
    const mine = ++seq;
    const body = new FormData(form);
    body.delete("action");
    // A grid still being tapped in is not a mistake yet: that seat is left out of the
    // preview (its grid shows "7 of 12 cards"); Save says what is missing.
    for (const seat of $$(form, "[data-seat]")) {
      const cells = $$(seat, ".cell");
      if (!cells.some((c) => c.value.trim()) || gridScore(cells) !== null) continue;
      for (const field of [...cells, seat.querySelector(".score")]) body.delete(field.name);
    }
    try {
      const res = await fetch(url, { method: "POST", body, headers: { "X-Requested-With": "fetch" } });
      if (!res.ok || mine !== seq || form.dataset.queued) return;
      const fragment = document.createElement("template");
      fragment.innerHTML = await res.text();
      // "Keep these scores anyway" ticked while the preview was on its way stays ticked
      // (and keeps the focus, where a refused Save put it).
      const keepNow = verdict.querySelector("input[name=keep_unusual]");
      const focusedBefore = document.activeElement;
      table.replaceChildren(...fragment.content.querySelector("[data-table-part]").childNodes);
      verdict.replaceChildren(...fragment.content.querySelector("[data-verdict-part]").childNodes);
      delete verdict.dataset.drawn; // the server's words now, not the phone's (pad-preview.js)
      const keepNew = verdict.querySelector("input[name=keep_unusual]");
      if (keepNow && keepNew) keepNew.checked = keepNow.checked;
      if (keepNow && keepNew && keepNow === focusedBefore) keepNew.focus({ preventScroll: true });
      const label = verdict.querySelector("[data-save-label]");
      if (label && !save.disabled) save.textContent = label.textContent;
      if (label) sayRoundTaken(form, Number(label.dataset.roundNo));
      // A completed card grid fills in that player's score.
      for (const row of $$(table, "[data-raw-seat]")) {
        const seat = form.querySelector(`[data-seat="${row.dataset.rawSeat}"]`);
        const cells = $$(seat, ".cell");
        if (cells.every((c) => c.value.trim() !== "")) {
          const raw = Number(row.dataset.raw);
          seat.querySelector(".score").value = String(Math.abs(raw));
          seat.querySelector("[data-sign]").checked = raw < 0;
        }
      }
    } catch (e) { // offline: the preview from the sheet the phone keeps (static/pad-preview.js)
      if (window.PadPreview && mine === seq && !form.dataset.queued) window.PadPreview.offline(form);
    }
  };
  const later = () => {
    delete form.dataset.insisted; // typed again since Save said what is missing
    keepDraft(form);
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  };
  const restored = restoreDraft(form);
  if (restored) refresh();
  form.addEventListener("input", later);
  form.addEventListener("change", later);
  setupSigns(form);
  $$(form, "details[data-count]").forEach((d) => setupCount(d, later));
  // Enter (Go) moves to the next player's score; on the last one it shows the preview and
  // goes on to Save (the phone's keyboard closes; a keyboard's focus is not lost).
  const scores = $$(form, ".score");
  scores.forEach((input, i) => input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const next = scores[i + 1];
    if (next) { next.focus(); next.select(); clearOfDock(next); return; }
    if (save) save.focus({ preventScroll: true }); else input.blur();
    refresh().then(() => table.scrollIntoView({ block: "nearest" }));
  }));
  // Offline, Save keeps the round on this phone; it is sent when the network returns.
  form.addEventListener("submit", (event) => {
    if (!event.submitter || event.submitter.value !== "save") return;
    if (navigator.onLine || !window.PadSync) { markDraftSent(form); return; }
    event.preventDefault();
    queueRound(form, verdict, save);
  });
  // Sent but never answered (the service worker brought the page back): keep it to send.
  if (new URLSearchParams(window.location.search).has("unsent")) {
    history.replaceState(null, "", window.location.pathname);
    if (restored) queueRound(form, verdict, save);
  }
  const preview = form.querySelector("[data-preview-button]");
  if (preview) preview.hidden = true;
  setupDock(form);
}

// The round form's save bar (the server's form and the one drawn offline by
// static/pad-shell.js): the page keeps room for it, large text moves the verdict out of it,
// and it rides above the phone's keyboard.
// A bar fixed at the foot of the page (the sheet's "Enter round", a form's Save): the page
// keeps room under its last line for it, however tall it grows, and what takes the focus
// (Tab, Enter to the next score) is scrolled clear of it (app.css: scroll-margin).
function keepRoomForDock(dock) {
  if (!window.ResizeObserver) return;
  new ResizeObserver(() => document.documentElement.style.setProperty("--dock-height", `${dock.offsetHeight}px`)).observe(dock);
}

function setupDock(form) {
  const table = form.querySelector("[data-preview]");
  const verdict = form.querySelector("[data-verdict]");
  const dock = form.querySelector("[data-dock]");
  if (dock) keepRoomForDock(dock);
  // Large text: the verdict leaves the save bar for the page, just above it (after the new
  // totals), so the bar keeps Save alone and does not cover half the screen.
  const large = window.matchMedia ? window.matchMedia("(max-width: 19em)") : null;
  if (dock && large) {
    const settle = () => {
      verdict.classList.toggle("verdict-in-page", large.matches);
      if (large.matches && verdict.parentElement === dock) table.after(verdict);
      else if (!large.matches && verdict.parentElement !== dock) dock.prepend(verdict);
    };
    settle();
    large.addEventListener("change", settle);
  }
  // With the phone's keyboard up, the save bar rides just above it (where the browser
  // shrinks only the visible part of the page, as Safari does).
  // The page keeps that much more room at its foot, so the last score can still be
  // scrolled above the raised bar. Pinch-zoomed (scale above 1), the bar stays put.
  if (dock && window.visualViewport) {
    const view = window.visualViewport;
    const place = () => {
      const zoomed = view.scale > 1.01;
      const covered = zoomed ? 0 : Math.round(Math.max(0, window.innerHeight - view.height - view.offsetTop));
      dock.style.setProperty("transform", covered ? `translateY(-${covered}px)` : "");
      document.documentElement.style.setProperty("--keyboard-height", `${covered}px`);
    };
    view.addEventListener("resize", place);
    view.addEventListener("scroll", place);
  }
}

function say(parent, tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = text;
  parent.appendChild(el);
  return el;
}

// The new round's id that the server's form was sent with: kept with the round, so that a
// save that did arrive (its answer lost) is not saved a second time when the phone sends it.
function roundId(form) {
  const field = form.querySelector("input[name=client_id]");
  return field && field.value ? field.value : undefined;
}

// Offline, a round is kept on the phone (static/pad-sync.js sends it when the network is
// back) and the sheet is shown as the phone has it, the new round marked as waiting.
// The field a round that cannot be read yet is missing (the one `roundBody` names): a
// card of a grid begun, a score, or the closer's choice; null if none.
function missingField(form) {
  let blank = null; // the first field left empty, unless one typed cannot be read
  for (const seat of $$(form, "[data-seat]")) {
    const cells = $$(seat, ".cell");
    if (cells.some((c) => c.value.trim())) {
      const wrong = cells.find((c) => cellValue(c) === undefined);
      if (wrong && wrong.value.trim()) return wrong;
      blank = blank || wrong || null;
      continue;
    }
    const score = typedScore(seat);
    if (score === "whole_numbers") blank = blank || seat.querySelector(".score");
    else if (typeof score === "string") return seat.querySelector(".score");
  }
  if (blank) return blank;
  return form.querySelector("input[name=closer]:checked") ? null : form.querySelector("input[name=closer]");
}

// Offline as online: the field a refused Save lacks is marked, read with the sentence
// `said`, and focused (the form drawn offline, static/pad-shell.js, does the same).
function markMissing(form, said) {
  said.id = "offline-problem";
  $$(form, "[aria-describedby='offline-problem']").forEach((el) => {
    el.removeAttribute("aria-invalid");
    el.removeAttribute("aria-describedby");
  });
  const field = missingField(form);
  if (!field) return;
  field.setAttribute("aria-invalid", "true");
  field.setAttribute("aria-describedby", "offline-problem");
  const grid = field.closest("details");
  if (grid) grid.open = true;
  field.focus();
  sayBeside(field, said);
}
window.markMissing = markMissing;

// Large text can put a problem's sentence far from its field (a grid's keypad between):
// the browser's own bubble then says it beside the field too, until the field changes.
function sayBeside(field, said) {
  if (!said || !field.matches("input, select, textarea")) return;
  const box = said.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= window.innerHeight) return;
  field.setCustomValidity(said.textContent.trim());
  field.reportValidity();
  field.addEventListener("input", () => field.setCustomValidity(""), { once: true });
}
window.sayBeside = sayBeside;

async function queueRound(form, verdict, save) {
  const body = roundBody(form);
  if (typeof body === "string") {
    form.dataset.insisted = "1"; // a preview on its way keeps saying it (pad-preview.js)
    verdict.replaceChildren();
    markMissing(form, say(verdict, "p", "field-error", body));
    return;
  }
  // What the server's Save would not take as it is (a game ended before later rounds, a
  // score or card the official rules cannot give, not yet kept): said, nothing kept.
  if (window.PadPreview) {
    await window.PadPreview.offline(form, true);
    if (form.dataset.blocked) return;
  }
  save.disabled = true;
  form.dataset.queued = "1"; // a preview still on its way must not cover what is said next
  const editing = form.dataset.draft.startsWith("edit-");
  try {
    await window.PadSync.capture();
    // Another tab of this phone kept this round meanwhile: what was typed here is offered
    // as the next round, saved only when Save is pressed again (never twice unseen).
    const number = Number(form.dataset.draft.split("-")[1]);
    const kept = editing ? null : await window.PadStore.find(form.dataset.game);
    const next = kept ? window.PadStore.localSheet(kept).rounds.length + 1 : number;
    if (!editing && next !== number) {
      form.dataset.draft = `new-${next}`;
      delete form.dataset.queued;
      save.disabled = false;
      verdict.replaceChildren();
      say(verdict, "p", "field-error", t("saved_in_another_tab", { round: number, next }));
      return;
    }
    if (editing) await window.PadSync.correct(form.dataset.game, number, body.scores, body.closer, body.grids);
    else await window.PadSync.addRound(form.dataset.game, body.scores, body.closer, body.grids, roundId(form), draftSentAs(draftKey(form), roundId(form)));
  } catch (e) {
    save.disabled = false;
    delete form.dataset.queued;
    verdict.replaceChildren();
    say(verdict, "p", "field-error", t("not_kept"));
    return;
  }
  try { localStorage.removeItem(draftKey(form)); } catch (e) { /* nothing kept */ }
  // With a service worker the sheet opens offline, drawn on the phone; without one (plain
  // HTTP) the form says the round is kept, and opens the sheet once it is sent.
  if (navigator.serviceWorker && navigator.serviceWorker.controller) {
    window.location.assign(form.dataset.sheetUrl);
    return;
  }
  verdict.replaceChildren();
  say(verdict, "p", "queued", t("kept_here"));
  window.addEventListener("skyjo:sent", (event) => {
    if (event.detail.sent.includes(form.dataset.game)) window.location.assign(form.dataset.sheetUrl);
  });
}

// The offline banner.
function showSync() {
  const banner = document.querySelector("[data-offline]");
  if (banner) banner.hidden = navigator.onLine;
}

// The screen stays awake on a game's pages while it is played (where the browser can).
function keepAwake() {
  if (!document.querySelector("[data-awake]") || !("wakeLock" in navigator)) return;
  const ask = () => { if (document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(() => {}); };
  document.addEventListener("visibilitychange", ask);
  ask();
}

// The rules' one-line summary says what the game will use as the fields change (the
// server's new-game form and the one drawn offline).
function followRulesSummary(details) {
  const said = details.querySelector("summary") && details.querySelector("summary").firstChild;
  const target = details.querySelector("#target");
  const multiplier = details.querySelector("#multiplier");
  if (!said || said.nodeType !== Node.TEXT_NODE || !target || !multiplier) return;
  const update = () => {
    said.textContent = t("rules_summary", { target: target.value.trim() || "…", multiplier: multiplier.value.trim() || "…" });
  };
  target.addEventListener("input", update);
  multiplier.addEventListener("input", update);
}
window.followRulesSummary = followRulesSummary;

const NEW_GAME_SENT = "skyjo:new-game:sent"; // read by static/pad-shell.js

// The new-game form: add known players, move and remove rows without a reload.
function setupNewGame(form) {
  // Start pressed: what it sends is noted, for the phone to start it itself should no
  // answer come (static/pad-shell.js, after the service worker's ?unsent=1).
  form.addEventListener("submit", (event) => {
    if (!event.submitter || event.submitter.name !== "start") return;
    const fields = new FormData(form);
    const names = [...fields.keys()].filter((k) => /^player-\d+$/.test(k)).map((k) => fields.get(k)).filter((v) => v.trim());
    const rules = Object.fromEntries(["target", "multiplier", "tie_doubles", "double_only_positive"].map((k) => [k, fields.get(k)]));
    const clientId = fields.get("client_id");
    try { sessionStorage.setItem(NEW_GAME_SENT, JSON.stringify({ names, rules, clientId, at: Date.now() })); } catch (e) { /* not kept */ }
  });
  const list = form.querySelector("[data-players]");
  const inputs = () => $$(list, "input");
  const names = () => inputs().map((i) => i.value);
  // A known player already in the list is not offered again.
  const syncChips = () => {
    const taken = new Set(names().map((v) => v.trim().toLowerCase()));
    $$(form, "[data-known] button").forEach((chip) => { chip.hidden = taken.has(chip.value.toLowerCase()); });
    // With 12 names in, there is no room for another: say so instead of offering chips.
    const full = inputs().length >= 12 && names().every((v) => v.trim());
    // The "Tap to add" line shows only while there is a chip to tap.
    const offered = $$(form, "[data-known] button").some((chip) => !chip.hidden);
    $$(form, "[data-known], [data-known-hint]").forEach((e) => { e.hidden = full || !offered; });
    $$(form, "[data-full-hint]").forEach((e) => { e.hidden = !full; });
  };
  const render = (values) => {
    while (inputs().length < Math.min(Math.max(values.length, 2), 12)) {
      const last = list.lastElementChild;
      const row = last.cloneNode(true);
      $$(row, ".field-error").forEach((e) => e.remove());
      list.appendChild(row);
    }
    while (inputs().length > Math.max(values.length, 2)) list.lastElementChild.remove();
    // At 12 rows there is no other to add: the button goes, as on the page the server draws.
    $$(form, "[data-more]").forEach((more) => { more.hidden = inputs().length >= 12; });
    $$(list, ".player-row").forEach((row, i) => {
      const input = row.querySelector("input");
      const label = row.querySelector("label");
      input.name = input.id = `player-${i}`;
      label.htmlFor = input.id;
      label.textContent = t("player_n", { n: i + 1 });
      input.placeholder = t("player_n", { n: i + 1 });
      input.value = values[i] || "";
      const [up, remove] = $$(row, "button");
      up.value = remove.value = String(i);
      up.disabled = i === 0;
      up.setAttribute("aria-label", t("move_up", { n: i + 1 }));
      remove.setAttribute("aria-label", t("remove_player", { n: i + 1 }));
    });
  };
  form.addEventListener("click", (event) => {
    const b = event.target.closest("button");
    if (!b || !["add", "up", "remove", "more"].includes(b.name)) return;
    event.preventDefault();
    const values = names();
    const i = Number(b.value);
    if (b.name === "add") {
      if (values.some((v) => v.trim().toLowerCase() === b.value.toLowerCase())) return;
      const blank = values.findIndex((v) => !v.trim());
      if (blank >= 0) values[blank] = b.value; else if (values.length < 12) values.push(b.value);
    } else if (b.name === "up" && i > 0) {
      [values[i - 1], values[i]] = [values[i], values[i - 1]];
    } else if (b.name === "remove") {
      values.splice(i, 1);
    } else if (b.name === "more" && values.length < 12) {
      values.push("");
    }
    render(values);
    syncChips();
    if (b.name === "more") inputs()[values.length - 1].focus();
    if (b.name === "remove") {
      // The focus stays in the list: on the remove button now in the removed one's place
      // (the last row's, when the last was removed), not on the page.
      const rows = $$(list, ".player-row");
      $$(rows[Math.min(i, rows.length - 1)], "button")[1].focus();
    }
  });
  form.addEventListener("input", syncChips);
  enterMovesOn(list);
  syncChips();
}

// A new game's names (the server's form and the one drawn offline, static/pad-shell.js):
// Enter (a phone's "Go") after a name goes on to the next name, as after a score; on an
// empty name, or the last, it starts the game.
// A field the script moved the focus to shows clear of the bar at the foot of the page
// (Safari leaves a field that is partly on screen where it is; app.css's scroll margin
// does the rest).
function clearOfDock(field) {
  const dock = [...document.querySelectorAll(".dock")].find((bar) => bar.getClientRects().length);
  const over = dock ? field.getBoundingClientRect().bottom - dock.getBoundingClientRect().top : 0;
  if (over > 0) window.scrollBy(0, over + 8);
}
window.clearOfDock = clearOfDock;

function enterMovesOn(list) {
  list.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing || !event.target.matches("input")) return;
    const all = $$(list, "input");
    const next = all[all.indexOf(event.target) + 1];
    if (!next || !event.target.value.trim()) return;
    event.preventDefault();
    next.focus();
  });
}
window.enterMovesOn = enterMovesOn;

// The new-table form: a seat's name box shows the name its kind plays under when left
// blank ("Seat 2", "Expert bot"), and follows a changed kind.
function followSeatKind(select) {
  const box = document.getElementById(select.dataset.nameBox);
  const names = JSON.parse(select.dataset.blankNames);
  select.addEventListener("change", () => { if (box) box.placeholder = names[select.value] || ""; });
}

// One tap saves once: a second tap while saving does nothing.
function guardDoubleSubmit(form) {
  form.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    if (form.dataset.sending) { event.preventDefault(); return; }
    const by = event.submitter;
    if (by && by.name === "action" && by.value === "preview") return;
    form.dataset.sending = "1";
    setTimeout(() => delete form.dataset.sending, 4000);
  });
}

// A stored time (written in UTC by the server) in the phone's own time zone and language.
const TIME_STYLES = {
  time: { hour: "2-digit", minute: "2-digit" },
  date: { day: "numeric", month: "short" },
  datetime: { dateStyle: "medium", timeStyle: "short" },
};
const localWords = (when, style) => new Intl.DateTimeFormat(document.documentElement.lang || undefined, style).format(when);

function showLocalTime(time) {
  const when = new Date(time.dateTime);
  if (Number.isNaN(when.getTime())) return;
  try {
    time.textContent = localWords(when, TIME_STYLES[time.dataset.local] || TIME_STYLES.datetime);
  } catch (e) { /* an unknown language: the UTC time stays */ }
}

// The history's day, month and year of a game, as the phone's own calendar has them (a
// game begun at 23:30 in Auckland is on the next day there).
// The history filter's days are the phone's own (the list shows games on them): the form
// sends the phone's time zone along.
function sendTimeZone(field) {
  try { field.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { /* UTC's days */ }
}

function showLocalDay(box) {
  const when = new Date(box.dataset.localDay);
  if (Number.isNaN(when.getTime())) return;
  try {
    for (const [part, style] of [["day", { day: "numeric" }], ["month", { month: "short" }], ["year", { year: "numeric" }]]) {
      const span = box.querySelector(`.${part}`);
      if (span) span.textContent = localWords(when, style);
    }
  } catch (e) { /* an unknown language: the UTC day stays */ }
}

// A form sent back with a mistake: its first wrong field opened (a rules section), brought
// into view and focused, so the reader sees at once what to change, however long the page.
// A form drawn again after one of its own buttons (a seat added, removed or filled in):
// the focus goes back where the hand was (the server names it), not to the page's top.
function focusAsked() {
  const form = document.querySelector("form[data-focus]");
  const target = form && document.getElementById(form.dataset.focus);
  if (target) target.focus();
}

function showFirstProblem() {
  const field = document.querySelector('main form [aria-invalid="true"]')
    || document.querySelector("main form .field-error[role=alert]:not([hidden])");
  if (!field) return false;
  if (!field.matches("input, select, textarea")) field.tabIndex = -1; // a message for the whole form
  const section = field.closest("details");
  if (section) section.open = true;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
  sayBeside(field, document.getElementById(field.getAttribute("aria-describedby") || ""));
  return true;
}

// An error page: back to the page it came from (a form keeps what was typed there).
function offerGoBack(button) {
  const canGoBack = "navigation" in window ? window.navigation.canGoBack : window.history.length > 1;
  if (!canGoBack) return;
  button.hidden = false;
  button.addEventListener("click", () => window.history.back());
}

// Logged out of a Skyjo Pad with a password (the login page says so), or its login ended
// (the password changed, or it expired: the login page asks again): the phone forgets
// what it kept to open without a network (the pages last seen, the games whose changes
// all went to the server, the address book), so that the next person to hold it sees
// none of it offline. What was typed and not sent yet stays (its game, its draft), as do
// the public pages (the app's files, the offline shell, the rules).
const KEPT_AFTER_LOGOUT = /^\/(static\/|offline$|rules|manifest)/;
const LOGGED_OUT = "skyjo:logged-out"; // read by static/pad-shell.js: no home page offline
const WAS_LET_IN = "skyjo:let-in"; // this phone was past the password: its pages kept
function wasLetIn() {
  try { return localStorage.getItem(WAS_LET_IN) === "1"; } catch (e) { return false; }
}
async function forgetDevice() {
  try { localStorage.setItem(LOGGED_OUT, "1"); localStorage.removeItem(WAS_LET_IN); } catch (e) { /* no storage */ }
  if (window.caches) {
    for (const name of await caches.keys()) {
      if (!name.startsWith("skyjo-pad-")) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!KEPT_AFTER_LOGOUT.test(new URL(request.url).pathname)) await cache.delete(request);
      }
    }
  }
  if (!window.PadStore || !window.indexedDB) return;
  for (const game of await PadStore.all()) {
    const waiting = !game.id || game.ops.length || game.conflict || game.refused || (game.setAside || []).length;
    if (!waiting) await PadStore.remove(game.key);
  }
  await PadStore.keepBook([]);
}

document.addEventListener("DOMContentLoaded", () => {
  // A page the server answered a form with (a seat added, a refusal) is no step to come
  // back to by its POST: Back or a reload would ask to send the form again (an error page
  // in Chrome). Made the address's own entry, it is the page's GET there.
  if (document.body.hasAttribute("data-posted")) history.replaceState(history.state, "", window.location.href);
  const shell = document.querySelector("[data-pad-shell]");
  if (document.querySelector("[data-forget-device]")) forgetDevice().catch(() => {});
  else if (document.body.hasAttribute("data-let-in") && !shell) { // logged in (again)
    try { localStorage.removeItem(LOGGED_OUT); localStorage.setItem(WAS_LET_IN, "1"); } catch (e) { /* no storage */ }
  } else if (!shell && navigator.onLine && document.querySelector("form.login-form") && wasLetIn()) {
    forgetDevice().catch(() => {}); // its login ended (the password changed, or it expired)
  }
  // A new game the server answered: nothing left for the phone to start by itself.
  if (!document.querySelector("[data-pad-shell]")) { try { sessionStorage.removeItem(NEW_GAME_SENT); } catch (e) { /* none */ } }
  $$(document, "[data-go-back]").forEach(offerGoBack);
  $$(document, "time[data-local]").forEach(showLocalTime);
  $$(document, "[data-local-day]").forEach(showLocalDay);
  $$(document, "input[data-time-zone]").forEach(sendTimeZone);
  $$(document, "[data-sheet-state]").forEach(forgetSavedDrafts);
  $$(document, "form[data-round-form]").forEach(setupRoundForm);
  $$(document, "body.has-dock .dock:not([data-dock])").forEach(keepRoomForDock);
  $$(document, "form[data-new-game]").forEach(setupNewGame);
  $$(document, "form[data-new-game] details.rules").forEach(followRulesSummary);
  $$(document, "select[data-blank-names]").forEach(followSeatKind);
  $$(document, "form[method=post]").forEach(guardDoubleSubmit);
  keepAwake();
  showSync();
  if (!showFirstProblem()) focusAsked();
});
window.addEventListener("online", showSync);
window.addEventListener("offline", showSync);

// Installable and usable offline: the service worker keeps the app's shell and the pages
// last seen (served at the site's root so that its scope is the whole app).
// A page the server drew tells the worker its language and whether the browser logged in:
// the pages drawn offline speak the one the reader chose last, with the links they may
// open (the worker fetches its shell again when either changed).
if ("serviceWorker" in navigator && window.isSecureContext) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    const worker = navigator.serviceWorker.controller;
    if (worker && navigator.onLine && !document.querySelector("[data-pad-shell]")) worker.postMessage({ language: document.documentElement.lang, letIn: document.body.hasAttribute("data-let-in") });
  });
}
