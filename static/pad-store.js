// Skyjo Pad's games on the phone (IndexedDB): the sheet each game last had on the server,
// the changes made here that wait to be sent (each new game and round with an id made
// here, so a second send never makes a copy), and the address book as last seen.
"use strict";

(function (root) {
  const DB_NAME = "skyjo-pad";
  const GAMES = "games";
  const BOOK = "book";
  let opening = null;

  function open() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => {
          request.result.createObjectStore(GAMES, { keyPath: "key" });
          request.result.createObjectStore(BOOK);
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => { opening = null; reject(request.error); };
      });
    }
    return opening;
  }

  async function run(store, mode, work) {
    const db = await open();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(store, mode);
      let result;
      Promise.resolve(work(tx.objectStore(store))).then((value) => { result = value; }, (error) => {
        try { tx.abort(); } catch (e) { /* already finished */ }
        reject(error);
      });
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  }

  const asked = (request) => new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

  // An id made on this phone: a UUID where the browser makes one, else 32 random hex digits.
  function newId() {
    if (root.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  const get = (key) => run(GAMES, "readonly", (s) => asked(s.get(key)));
  const put = (game) => run(GAMES, "readwrite", (s) => asked(s.put(game)));
  const remove = (key) => run(GAMES, "readwrite", (s) => asked(s.delete(key)));
  const all = () => run(GAMES, "readonly", (s) => asked(s.getAll()));

  // Change one game in one transaction: `change` gets the record (or undefined) and
  // returns the record to keep (or undefined to keep it as it is).
  // The write is asked for inside the read's own success event, never after a promise's
  // turn: WebKit may end a transaction left idle in between, and the write is then lost.
  function update(key, change) {
    return run(GAMES, "readwrite", (s) => new Promise((resolve, reject) => {
      const read = s.get(key);
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        const before = read.result;
        let after;
        try { after = change(before); } catch (error) { reject(error); return; }
        if (!after) { resolve(before); return; }
        const write = s.put(after);
        write.onsuccess = () => resolve(after);
        write.onerror = () => reject(write.error);
      };
    }));
  }

  // The game a page address names: its server id, or the key of a game made here.
  async function find(id) {
    return (await get(id)) || (await all()).find((game) => game.id === id);
  }

  const book = () => run(BOOK, "readonly", (s) => asked(s.get("names"))).then((names) => names || []);
  const keepBook = (names) => run(BOOK, "readwrite", (s) => asked(s.put(names, "names")));

  // A round as the sheet shows it, from what was typed: scored by the shared rules.
  function scored(raw, closer, rules, extra) {
    const result = root.PadRules.scoreRound(raw, closer, rules);
    return { raw: result.raw, closer: result.closer, final: result.final, doubled: result.doubled, ...extra };
  }

  // The cards counted for a round on the server, while it still has the scores and the
  // closer they gave (another phone may have corrected it since): null otherwise.
  function cardsOf(game, round) {
    const kept = (game.cards || {})[round.number];
    const same = kept && kept.closer === round.closer && JSON.stringify(kept.raw) === JSON.stringify(round.raw);
    return same ? kept.grids : null;
  }

  // A correction typed as scores keeps the cards of each seat whose score it left as it
  // was (so does the server): null when none does.
  function keptCards(round, scores) {
    const kept = (round.grids || []).map((grid, seat) => (grid && round.raw[seat] === scores[seat] ? grid : null));
    return kept.some(Boolean) ? kept : null;
  }

  // The sheet as this phone sees it: the server's last sheet with the waiting changes
  // applied in order, each marked `waiting` ("new", "corrected"), and the totals, the end
  // and the winners worked out by the shared rules.
  function localSheet(game, base) {
    const from = base || game.server || { rounds: [], version: null };
    let rounds = from.rounds.map((r) => ({ number: r.number, raw: r.raw, closer: r.closer, grids: cardsOf(game, r) }));
    for (const op of base ? [] : game.ops) {
      if (op.op === "add") {
        if (!op.takenBack) rounds.push(scored(op.scores, op.closer, game.rules, { waiting: "new", op: op.clientId, grids: op.grids }));
      }
      else if (op.op === "put" && rounds[op.number - 1]) {
        const was = rounds[op.number - 1];
        rounds[op.number - 1] = scored(op.scores, op.closer, game.rules, { waiting: was.waiting || "corrected", grids: op.grids || keptCards(was, op.scores) });
      } else if (op.op === "del") rounds = rounds.slice(0, op.number - 1);
    }
    const sheet = root.PadRules.sheet(rounds, game.rules, game.players.length);
    sheet.rounds = sheet.rounds.map((r, i) => ({ ...r, number: i + 1, waiting: rounds[i].waiting || null, op: rounds[i].op || null, grids: rounds[i].grids || null }));
    const lowest = sheet.rounds.length ? Math.min(...sheet.totals) : null;
    sheet.leaders = sheet.totals.flatMap((t, seat) => (t === lowest ? [seat] : []));
    sheet.players = game.players;
    sheet.rules = { ...root.PadRules.DEFAULTS, ...game.rules };
    return sheet;
  }

  root.PadStore = Object.freeze({ newId, get, put, remove, all, update, find, book, keepBook, localSheet });
})(window);
