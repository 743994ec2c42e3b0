// The end screen: scores, winner, tie-break, each deck, and "play again".

import { h } from '../dom.js';
import { t, cardName } from '../i18n.js';
import { cardButton } from '../cards.js';

/** A seat's VP tokens (already counted in its score). */
function tokens(view, seat) {
  const p = view.players[seat];
  return (p && p.vp_tokens) || 0;
}

export function endScreen(view, { onAgain }) {
  const r = view.result;
  const names = view.players.map((p) => p.name);
  const me = view.seat;
  const order = view.players.map((p) => p.seat)
    .sort((a, b) => r.scores[b] - r.scores[a] || r.turns[a] - r.turns[b] || a - b);
  const winners = r.winners || [];
  let headline;
  if (winners.length === 1) headline = winners[0] === me ? t('end.youWin') : t('end.winner', { name: names[winners[0]] });
  else headline = t('end.shared', { names: winners.map((s) => names[s]).join(', ') });
  return h('div', { id: 'end' },
    h('h1', null, t('end.title')),
    h('p', { class: 'panel', id: 'winner', role: 'status' }, h('b', null, headline)),
    r.end_reason ? h('p', null, t(`end.reason.${r.end_reason}`)) : null,
    r.tie_break ? h('p', { id: 'tie-break' }, t('end.tieBreak')) : null,
    h('table', { class: 'scores', id: 'scores' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, '#'),
        h('th', { scope: 'col' }, t('home.players')),
        h('th', { scope: 'col', class: 'num' }, t('end.vp')),
        h('th', { scope: 'col', class: 'num' }, t('opp.turns')))),
      h('tbody', null, order.map((s, i) => h('tr', { class: winners.includes(s) ? 'win' : '', 'data-seat': s },
        h('td', null, String(i + 1)),
        h('td', null, names[s], s === me ? ` ${t('opp.you')}` : '', winners.includes(s) ? h('span', { class: 'sr-only' }, ` (${t('end.winnerMark')})`) : null,
          // VP tokens are in the score already: say how much of it they are.
          tokens(view, s) ? h('span', { class: 'small muted with-tokens', 'data-vp-tokens': tokens(view, s) }, t('end.withTokens', { n: tokens(view, s) })) : null),
        h('td', { class: 'num score' }, t('end.score', { n: r.scores[s] })),
        h('td', { class: 'num' }, String(r.turns[s])))))),
    (r.decks || []).map((deck, s) => h('section', { class: 'panel', 'data-deck': s },
      h('h2', null, t('end.deck', { name: names[s] }), ' ', h('span', { class: 'muted small' }, t('common.cards', { n: Object.values(deck).reduce((a, b) => a + b, 0) }))),
      h('ul', { class: 'deck-list' }, Object.entries(deck).map(([card, n]) => h('li', null, `${n}× `, cardButton(card, { small: true, label: `${n}× ${cardName(card)}` })))))),
    h('p', null, h('button', { type: 'button', id: 'play-again', onclick: onAgain }, t('end.again'))));
}
