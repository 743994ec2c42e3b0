// A polite live region outside the redrawn screens: tells once each that your
// turn began (with what the others did meanwhile) and what a decision asks.

import { h } from './dom.js';
import { t } from './i18n.js';
import { state } from './store.js';
import { summaryOf, summaryText } from './screens/log.js';
import { promptText } from './screens/decision.js';

const region = document.body.appendChild(h('div', { id: 'announce', class: 'sr-only', 'aria-live': 'polite' }));
let said = new Set();

/** Announce what is new for this seat (after each redraw). */
export function announce() {
  const g = state.game;
  const v = g && g.view;
  if (!v || !v.players || v.seat === null || v.seat === undefined || v.game_over) return;
  if (said.game !== g.id) { said = new Set(); said.game = g.id; }
  const out = [];
  const say = (key, text) => { if (!said.has(key)) { said.add(key); out.push(text); } };
  // Your turn: once the log has caught up, so that the summary comes with it.
  if (v.turn.seat === v.seat && !g.logLoading && !(g.data.log_seq > (g.log.length ? g.log[g.log.length - 1].seq : 0))) {
    const sum = summaryOf(v);
    say(`t${v.turn.number}`, `${t('table.yourTurn')}.${sum ? ` ${summaryText(v, sum)}` : ''}`);
  }
  const d = v.decision;
  if (d) say(`d${v.turn.number}${JSON.stringify(d)}`, `${t('dec.title')}: ${promptText(d, v.players.map((p) => p.name), v.seat, v.turn.seat)}`);
  if (out.length) region.textContent = out.join(' ');
}
