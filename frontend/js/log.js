// The open game's event log: fetched in pages in the UI language, from the start
// again when the language or `log_epoch` (an undo took events back) changes.

import { api } from './api.js';
import { lang } from './i18n.js';
import { state, changed } from './store.js';

const last = (log) => (log.length ? log[log.length - 1].seq : 0);
const epoch = (g) => g.data?.log_epoch || 0;

export async function loadLog() {
  const g = state.game;
  if (!g || g.logLoading || !g.view) return;
  const l = lang();
  if (g.logLang !== l || g.logEpoch !== epoch(g)) { g.log = []; g.logLang = l; g.logEpoch = epoch(g); }
  if (g.data.log_seq <= last(g.log)) return;
  g.logLoading = true;
  let more = false;
  try {
    for (let pages = 0; pages < 50; pages += 1) {
      const after = last(g.log);
      const d = (await api.log(g.id, g.token, { after, limit: 200, lang: l })).data;
      // Another game, language or epoch meanwhile: these events are not that log's.
      if (state.game !== g || g.logLang !== l || g.logEpoch !== epoch(g)) break;
      const events = d.events.filter((e) => e.seq > after);
      g.log.push(...events);
      more = events.length > 0;
      if (!more || !d.more) break;
    }
    changed();
  } catch (e) {
    more = false; // the log is secondary: the next change retries
  } finally {
    g.logLoading = false;
    if (state.game === g && (l !== lang() || epoch(g) !== g.logEpoch || (more && g.data.log_seq > last(g.log)))) loadLog();
  }
}

/** The language changed: the log comes again from the start, in the new language. */
export function reloadLog() {
  if (state.game) { state.game.logLang = null; loadLog(); }
}

/** The log in turns, oldest first: {seat, n (that player's own turn number), key, events}. */
export function turnsOf(log) {
  const out = [];
  const count = {};
  for (const ev of log) {
    if (ev.type === 'turn' || !out.length) {
      const seat = ev.seat ?? null;
      count[seat] = (count[seat] || 0) + 1;
      out.push({ seat, n: count[seat], key: ev.seq, events: [] });
      if (ev.type === 'turn') continue;
    }
    out[out.length - 1].events.push(ev);
  }
  return out;
}

/** A buy's own gain (same seat, same card, to the discard pile) is not a second line. */
export function oneLinePerBuy(events) {
  return events.filter((ev, i) => {
    const prev = events[i - 1];
    return !(ev.type === 'gain' && prev?.type === 'buy' && prev.seat === ev.seat && prev.card === ev.card
      && !ev.source && (!ev.to || ev.to === 'discard'));
  });
}

/**
 * Once seat `me`'s turn has begun: what each other player did since `me`'s
 * last turn, {key, players: [{seat, played, bought, gained, trashed, hits}]}
 * (`hits`: what happened to `me`, with the card last played before), or null.
 */
export function sinceLastTurn(log, me) {
  const turns = turnsOf(log);
  let i = turns.length - 1;
  if (i < 1 || turns[i].seat !== me) return null;
  const key = turns[i].key;
  const by = new Map();
  while (--i >= 0 && turns[i].seat !== me) {
    const tn = turns[i];
    if (!by.has(tn.seat)) by.set(tn.seat, { seat: tn.seat, played: [], bought: [], gained: [], trashed: [], hits: [] });
    const s = by.get(tn.seat);
    let card = null;
    let bought = null; // a buy's own gain follows it: not told twice
    for (const ev of tn.events) {
      const cards = ev.card ? [ev.card] : ev.cards || [];
      if (ev.seat === me) {
        if (ev.type !== 'shuffle') s.hits.push({ card, text: ev.text });
      } else if (ev.seat !== tn.seat) {
        // a third player's part in this turn
      } else if (ev.type === 'play') {
        card = ev.card || card;
        s.played.push(...cards);
      } else if (ev.type === 'buy') {
        s.bought.push(bought = ev.card);
      } else if (ev.type === 'gain' && (ev.card !== bought || ev.source)) {
        s.gained.push(ev.card);
      } else if (ev.type === 'gain') {
        bought = null;
      } else if (ev.type === 'trash') {
        s.trashed.push(...cards);
      }
    }
  }
  return by.size ? { key, players: [...by.values()].reverse() } : null;
}
