// A polite live region (outside the redrawn screens) that tells screen-reader
// users once each: their turn began, what the other players did meanwhile,
// and a decision the game asks of them.

import { h } from './dom.js';
import { t } from './i18n.js';
import { state } from './store.js';
import { summaryOf, summaryText } from './screens/log.js';
import { promptText } from './screens/decision.js';

const region = document.body.appendChild(h('div', { id: 'announce', class: 'sr-only', 'aria-live': 'polite', 'aria-atomic': 'true' }));
let game = null;
let said = new Set();

/** Announce what is new for this seat in the open game (called after each redraw). */
export function announce() {
  const g = state.game;
  const v = g && g.view;
  if (!v || !v.players || v.seat === null || v.seat === undefined || v.game_over) return;
  if (game !== g.id) { game = g.id; said = new Set(); }
  const out = [];
  const say = (key, text) => { if (!said.has(key)) { said.add(key); out.push(text); } };
  // Your turn, with what the others did meanwhile: once the log has caught up.
  const log = g.log;
  if (v.turn.seat === v.seat && !g.logLoading && !(g.data.log_seq > (log.length ? log[log.length - 1].seq : 0))) {
    const sum = summaryOf(v);
    say(`turn${v.turn.number}`, `${t('table.yourTurn')}.${sum ? ` ${summaryText(v, sum)}` : ''}`);
  }
  const d = v.decision;
  if (d) {
    say(`dec${v.turn.number}${JSON.stringify(d)}`, `${t('dec.title')}: ${promptText(d, v.players.map((p) => p.name), v.seat, v.turn.seat)}`);
  }
  if (out.length) region.textContent = out.join(' ');
}
