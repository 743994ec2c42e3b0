// The game log by turn, the summary of the others' turns, and a polite live region outside the redraws.

import { h, section } from '../dom.js';
import { t, cardName } from '../i18n.js';
import { state, changed } from '../store.js';
import { turnsOf, sinceLastTurn, oneLinePerBuy } from '../log.js';
import { promptText } from './decision.js';

const RECENT = 8; // turns shown before "Earlier events"
const who = (view, seat) => view.players[seat].name;

/** The log (table and end screen): a region that Tab reaches. */
export function logSection(view) {
  const g = state.game;
  const turns = turnsOf(g.log);
  const all = state.ui.logAll === g.id || turns.length <= RECENT;
  return section({ id: 'log', class: 'panel', tabindex: '0' }, t('table.log'),
    all ? null : h('button', { class: 'secondary', id: 'log-earlier', onclick: () => { state.ui.logAll = g.id; changed(); } }, t('log.more')),
    turns.length ? (all ? turns : turns.slice(-RECENT)).map((tn) => [
      tn.seat === null ? null : h('h3', null, t('log.turn', { n: tn.n, name: who(view, tn.seat) })),
      h('ol', 'log', oneLinePerBuy(tn.events).map((ev) => h('li', { 'data-seq': ev.seq }, ev.text))),
    ]) : h('p', 'muted small', t('log.empty')));
}

/** "played Witch, 3× Copper; bought Silver" */
function did(p) {
  const parts = ['played', 'bought', 'gained', 'trashed'].filter((k) => p[k].length).map((k) => {
    const n = new Map();
    for (const c of p[k]) n.set(c, (n.get(c) || 0) + 1);
    return t(`sum.${k}`, { cards: [...n].map(([c, x]) => (x > 1 ? `${x}× ` : '') + cardName(c)).join(', ') });
  });
  return parts.join('; ') || t('sum.nothing');
}

const hit = (x) => (x.card ? `${cardName(x.card)}: ` : '') + x.text;

/** What the others did since this seat's last turn, while its turn has begun (else null). */
function summaryOf(view) {
  const g = state.game;
  return g && view.seat != null && !view.game_over && view.turn.seat === view.seat
    ? sinceLastTurn(g.log, view.seat) : null;
}

const summaryText = (view, sum) => sum.players.map((p) => [`${who(view, p.seat)}: ${did(p)}.`, ...p.hits.map(hit)].join(' ')).join(' ');

let shown = null; // the summary last brought into view
/** "Since your last turn" at the top of the table, until the player hides it. */
export function summaryPanel(view) {
  const sum = summaryOf(view);
  const key = sum && `${state.game.id}/${sum.key}`;
  if (!sum || state.ui.sumHidden === key) return null;
  const el = h('section', { id: 'summary', class: 'panel', 'aria-labelledby': 'summary-title' },
    h('div', 'section-title',
      h('h2', { id: 'summary-title' }, t('sum.title')),
      h('button', { class: 'secondary', id: 'summary-hide', 'aria-label': t('sum.hide'),
        onclick: () => { state.ui.sumHidden = key; changed(); } }, '✕')),
    h('ul', null, sum.players.map((p) => h('li', null, h('b', null, who(view, p.seat)), `: ${did(p)}`,
      p.hits.map((x) => h('div', 'hit', hit(x)))))));
  if (shown !== key) {
    shown = key;
    // The turn begins: scrolled up into view below the sticky status bar, unless a decision is.
    queueMicrotask(() => {
      const bar = document.querySelector('.status');
      const gap = el.getBoundingClientRect().top - (bar ? bar.getBoundingClientRect().bottom : 0) - 8;
      if (el.isConnected && gap < 0 && !document.getElementById('decision')) window.scrollBy(0, gap);
    });
  }
  return el;
}

const region = document.body.appendChild(h('div', { id: 'announce', class: 'sr-only', 'aria-live': 'polite' }));
let said = new Set();

/** Announce what is new for this seat: its turn (once the log has caught up, with the summary), a decision. */
export function announce() {
  const g = state.game;
  const v = g?.view;
  if (!v?.players || v.seat == null || v.game_over) return;
  if (said.game !== g.id) { said = new Set(); said.game = g.id; }
  const out = [];
  const say = (key, text) => { if (!said.has(key)) { said.add(key); out.push(text); } };
  if (v.turn.seat === v.seat && !g.logLoading && !(g.data.log_seq > (g.log.length ? g.log[g.log.length - 1].seq : 0))) {
    const sum = summaryOf(v);
    say(`t${v.turn.number}`, `${t('table.yourTurn')}.${sum ? ` ${summaryText(v, sum)}` : ''}`);
  }
  const d = v.decision;
  if (d) say(`d${v.turn.number}${JSON.stringify(d)}`, `${t('dec.title')}: ${promptText(d, v.players.map((p) => p.name), v.seat, v.turn.seat)}`);
  if (out.length) region.textContent = out.join(' ');
}
