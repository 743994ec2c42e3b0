// The end screen: winner, rematch, the statistics' link, scores, tie-break, each deck, and the log.

import { h } from '../dom.js';
import { t, cardName } from '../i18n.js';
import { api } from '../api.js';
import { state, changed, notify, saveSeat, gameHash } from '../store.js';
import { cardButton } from '../cards.js';
import { logSection } from './log.js';
import { lazy } from '../lazy.js';

/** How much of a seat's score its VP tokens are (they are counted in it already). */
function tokensNote(view, seat) {
  const n = view.players[seat]?.vp_tokens;
  return n ? h('span', { class: 'small muted with-tokens', 'data-vp-tokens': n }, t('end.withTokens', { n })) : null;
}

/** "You win!", "Bob wins!" or "Shared victory: …" */
export function headline(view) {
  const w = view.result.winners || [];
  const name = (s) => view.players[s].name;
  if (w.length === 1) return w[0] === view.seat ? t('end.youWin') : t('end.winner', { name: name(w[0]) });
  return t('end.shared', { names: w.map(name).join(', ') });
}

/** Ask for the rematch (or take this seat in it with `invite`), then open it. */
async function rematch(g, go, invite) {
  g.rematching = true;
  changed();
  try {
    const me = g.seatInfo || {};
    const d = (await (invite ? api.joinGame(g.data.rematch.id, { name: me.name || t('common.you'), code: invite.code })
      : api.rematch(g.id, g.token))).data;
    const id = d.id || d.game_id || g.data.rematch.id;
    saveSeat(id, d, me.name);
    go(gameHash(id));
  } catch (e) {
    notify('error', t('err.generic', { msg: e.message }));
  }
  g.rematching = false;
  changed();
}

/** Rematch: ask for it, or join it (another player asked), or open it. */
function rematchButton(go) {
  const g = state.game;
  const r = g.data.rematch;
  if (r && (!r.invite || !g.token)) return h('a', { class: 'btn', id: 'rematch-open', href: gameHash(r.id) }, t('end.rematchOpen'));
  return g.token ? h('button', { id: r ? 'rematch-join' : 'rematch', disabled: !!g.rematching,
    onclick: () => rematch(g, go, r?.invite) }, t(r ? 'end.rematchJoin' : 'end.rematch')) : null;
}

// The statistics (charts, their tables) load on demand: the home page has no room for them.
const stats = () => lazy('stats', () => import('../ondemand/stats.js'));

let atTop = null; // the game whose end screen was last opened at the top
export function endScreen(view, { onAgain, go }) {
  const r = view.result;
  const names = view.players.map((p) => p.name);
  const me = view.seat;
  const order = view.players.map((p) => p.seat)
    .sort((a, b) => r.scores[b] - r.scores[a] || r.turns[a] - r.turns[b] || a - b);
  const winners = r.winners || [];
  const title = h('h1', { tabindex: '-1' }, t('end.title'));
  if (atTop !== state.game.id) {
    // The game just ended (or was opened ended): show it from the top, the winner in view.
    atTop = state.game.id;
    queueMicrotask(() => { window.scrollTo(0, 0); title.focus({ preventScroll: true }); });
  }
  return h('div', { id: 'end' },
    title,
    h('p', { class: 'panel', id: 'winner', role: 'status' }, h('b', null, headline(view))),
    h('p', 'row', rematchButton(go),
      h('button', { class: 'secondary', id: 'play-again', onclick: onAgain }, t('end.again')),
      h('a', { class: 'btn secondary', id: 'stats-link', href: `${gameHash(state.game.id)}/stats` }, t('stats.open'))),
    r.end_reason ? h('p', null, t(`end.reason.${r.end_reason}`)) : null,
    r.tie_break ? h('p', { id: 'tie-break' }, t('end.tieBreak')) : null,
    h('table', { class: 'scores', id: 'scores' },
      h('thead', null, h('tr', null, ['#', t('home.players'), t('end.vp'), t('opp.turns')].map((text, i) =>
        h('th', { scope: 'col', class: i > 1 ? 'num' : null }, text)))),
      h('tbody', null, order.map((s, i) => h('tr', { class: winners.includes(s) ? 'win' : '', 'data-seat': s },
        h('td', null, String(i + 1)),
        h('td', null, names[s], s === me ? ` ${t('opp.you')}` : '', winners.includes(s) ? h('span', 'sr-only', ` (${t('end.winnerMark')})`) : null,
          tokensNote(view, s)),
        h('td', 'num score', t('end.score', { n: r.scores[s] })),
        h('td', 'num', String(r.turns[s])))))),
    // Below the scores: the chart arrives a moment later without moving them.
    stats()?.vpPreview(state.game.id),
    (r.decks || []).map((deck, s) => h('section', { class: 'panel', 'data-deck': s },
      h('h2', null, t('end.deck', { name: names[s] }), ' ', h('span', 'muted small', t('common.cards', { n: Object.values(deck).reduce((a, b) => a + b, 0) }))),
      h('ul', 'deck-list', Object.entries(deck).map(([card, n]) => h('li', null, `${n}× `, cardButton(card, { small: true, label: `${n}× ${cardName(card)}` })))))),
    logSection(view));
}
