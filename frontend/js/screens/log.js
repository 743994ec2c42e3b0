// The game log in time order, each turn under its own "Turn N — Name" heading,
// and the summary of what the other players did since your last turn.

import { h } from '../dom.js';
import { t, cardName } from '../i18n.js';
import { state, changed } from '../store.js';
import { turnsOf, sinceLastTurn } from '../log.js';

const RECENT = 8; // turns shown before "Earlier events"

function who(view, seat) {
  const p = view.players[seat];
  return p ? p.name : t('common.seat', { n: seat + 1 });
}

/** "Militia, 3× Copper" (first-seen order). */
function cards(list) {
  const n = new Map();
  for (const c of list) n.set(c, (n.get(c) || 0) + 1);
  return [...n].map(([c, k]) => (k > 1 ? `${k}× ${cardName(c)}` : cardName(c))).join(', ');
}

/** The log section (table and end screen); keyboard users reach it with Tab. */
export function logSection(view) {
  const g = state.game;
  const turns = turnsOf(g.log);
  const all = state.ui.logAll === g.id || turns.length <= RECENT;
  return h('section', { id: 'log', class: 'panel', tabindex: '0', 'aria-labelledby': 'log-title' },
    h('h2', { id: 'log-title' }, t('table.log')),
    all ? null : h('button', { type: 'button', class: 'secondary', id: 'log-earlier', 'data-fk': 'log-earlier',
      onclick: () => { state.ui.logAll = g.id; changed(); } }, t('log.more')),
    turns.length ? (all ? turns : turns.slice(-RECENT)).map((tn) => [
      tn.seat === null ? null : h('h3', { class: 'log-turn', 'data-seat': tn.seat, 'data-n': tn.n },
        t('log.turn', { n: tn.n, name: who(view, tn.seat) })),
      h('ol', { class: 'log' }, tn.events.map((ev) => h('li', { 'data-seq': ev.seq, 'data-type': ev.type }, ev.text || ev.type))),
    ]) : h('p', { class: 'muted small' }, t('log.empty')));
}

/** One other player's turn(s) in words: "played …; bought …" (what happened to you apart). */
function did(p) {
  const parts = ['played', 'bought', 'gained', 'trashed'].filter((k) => p[k].length)
    .map((k) => t(`sum.${k}`, { cards: cards(p[k]) }));
  return parts.length ? parts.join('; ') : t('sum.nothing');
}

const hitText = (x) => (x.card ? `${cardName(x.card)}: ${x.text}` : x.text);

/** The summary when this seat's turn has begun, or null. */
export function summaryOf(view) {
  const g = state.game;
  if (!g || view.seat === null || view.seat === undefined || view.game_over || view.turn.seat !== view.seat) return null;
  return sinceLastTurn(g.log, view.seat);
}

/** The summary as sentences (for the live region). */
export function summaryText(view, sum) {
  return sum.players.map((p) => [`${who(view, p.seat)}: ${did(p)}.`, ...p.hits.map(hitText)].join(' ')).join(' ');
}

let shown = null; // the summary last brought into view
/** "Since your last turn", at the top of the table while it is your turn (the player may hide it). */
export function summaryPanel(view) {
  const sum = summaryOf(view);
  const key = sum && `${state.game.id}/${sum.key}`;
  if (!sum || state.ui.sumHidden === key) return null;
  const el = h('section', { id: 'summary', class: 'panel', 'aria-labelledby': 'summary-title', 'data-turn': sum.key },
    h('div', { class: 'section-title' },
      h('h2', { id: 'summary-title' }, t('sum.title')),
      h('button', { type: 'button', class: 'secondary', id: 'summary-hide', 'aria-label': t('sum.hide'),
        onclick: () => { state.ui.sumHidden = key; changed(); } }, '✕')),
    h('ul', null, sum.players.map((p) => h('li', { 'data-seat': p.seat },
      h('b', null, who(view, p.seat)), `: ${did(p)}`,
      p.hits.map((x) => h('div', { class: 'hit' }, hitText(x)))))));
  if (shown !== key) {
    shown = key;
    // At the start of the turn: into view (under the sticky status bar), unless a decision needs it.
    queueMicrotask(() => { if (el.isConnected && !document.getElementById('decision')) el.scrollIntoView({ block: 'nearest' }); });
  }
  return el;
}
