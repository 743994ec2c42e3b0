// The open game's event log: fetched page by page in the UI language, again
// from the start when the language or the game's `log_epoch` changes (an undo
// took events back), grouped into turns, and summed up for the player.

import { api } from './api.js';
import { lang } from './i18n.js';
import { state, changed } from './store.js';

const lastSeq = (log) => (log.length ? log[log.length - 1].seq : 0);
const epochOf = (g) => (g.data && g.data.log_epoch) || 0;

/** Fetch the events after the ones we have, in the UI language (the API pages them). */
export async function loadLog() {
  const g = state.game;
  if (!g || g.logLoading || !g.view) return;
  const l = lang();
  const epoch = epochOf(g);
  if (g.logLang !== l || g.logEpoch !== epoch) { g.log = []; g.logLang = l; g.logEpoch = epoch; }
  if (g.data && typeof g.data.log_seq === 'number' && g.data.log_seq <= lastSeq(g.log)) return;
  g.logLoading = true;
  const stale = () => state.game !== g || g.logLang !== l || g.logEpoch !== epochOf(g);
  let got = 0;
  try {
    for (let pages = 0; pages < 50; pages += 1) {
      const after = lastSeq(g.log);
      const res = await api.log(g.id, g.token, { after, limit: 200, lang: l });
      if (stale()) return; // another game, language or epoch meanwhile
      const d = res.data || {};
      const events = (d.events || []).filter((e) => e.seq > after);
      g.log.push(...events);
      got += events.length;
      if (!events.length || !d.more) break;
    }
    changed();
  } catch (e) {
    /* the log is secondary: the next change retries */
  } finally {
    g.logLoading = false;
    // The language or the epoch changed, or events came, while this ran: fetch again.
    if (state.game === g && (l !== lang() || epochOf(g) !== g.logEpoch
      || (got && g.data && g.data.log_seq > lastSeq(g.log)))) loadLog();
  }
}

/** The language changed: the log's sentences come again from the start, in the new language. */
export function reloadLog() {
  const g = state.game;
  if (!g) return;
  g.log = [];
  g.logLang = lang();
  loadLog();
}

/**
 * The log in turns, oldest first: {seat, n (that player's own turn number), events}.
 * A "turn" event opens a turn; the events before the first one are the first player's.
 */
export function turnsOf(log) {
  const out = [];
  const count = {};
  let cur = null;
  for (const ev of log) {
    if (ev.type === 'turn' || !cur) {
      const seat = ev.seat ?? null;
      count[seat] = (count[seat] || 0) + 1;
      cur = { seat, n: count[seat], key: ev.seq, events: [] };
      out.push(cur);
      if (ev.type === 'turn') continue;
    }
    cur.events.push(ev);
  }
  return out;
}

/**
 * What each other player did since seat `me`'s previous turn, once `me`'s turn
 * has begun: [{seat, played, bought, gained, trashed, hits: [{card, text}]}]
 * (`hits`: what happened to `me` in their turn, after the card last played),
 * with `key` (this turn), or null.
 */
export function sinceLastTurn(log, me) {
  const turns = turnsOf(log);
  const k = turns.length - 1;
  if (k < 1 || turns[k].seat !== me) return null;
  let i = k - 1;
  while (i >= 0 && turns[i].seat !== me) i -= 1;
  const by = new Map();
  for (const tn of turns.slice(i + 1, k)) {
    if (tn.seat === null) continue;
    if (!by.has(tn.seat)) by.set(tn.seat, { seat: tn.seat, played: [], bought: [], gained: [], trashed: [], hits: [] });
    const s = by.get(tn.seat);
    let card = null;
    let bought = null; // a buy's own gain follows it: not told twice
    for (const ev of tn.events) {
      if (ev.seat === me) {
        if (ev.type !== 'shuffle') s.hits.push({ card, text: ev.text });
      } else if (ev.seat !== tn.seat) {
        continue;
      } else if (ev.type === 'play') {
        if (ev.card) card = ev.card;
        s.played.push(...(ev.card ? [ev.card] : ev.cards || []));
      } else if (ev.type === 'buy') {
        s.bought.push(ev.card);
        bought = ev.card;
      } else if (ev.type === 'gain') {
        if (ev.card === bought && !ev.source) bought = null;
        else s.gained.push(ev.card);
      } else if (ev.type === 'trash') {
        s.trashed.push(...(ev.cards || []));
      }
    }
  }
  return by.size ? { key: turns[k].key, players: [...by.values()] } : null;
}
