// The table: status, decision, hand, in play, supply, players, trash and log.

import { h, section } from '../dom.js';
import { t, cardName, money } from '../i18n.js';
import { state, changed } from '../store.js';
import { send } from '../game.js';
import { cardButton, info } from '../cards.js';
import { icon } from '../card.js';
import { decisionPanel, waitingPanel } from './decision.js';
import { legalSets, playableActions, oneTapBuy, guard, endActionsWhy } from './bar.js';
import { logSection, summaryPanel } from './log.js';
import { absentPanel } from './absence.js';

export { actionBar } from './bar.js';

const TYPE_RANK = { Action: 0, Treasure: 1, Victory: 2, Curse: 3 };

function rank(name) {
  return Math.min(4, ...info(name).types.map((ty) => TYPE_RANK[ty] ?? 4));
}

/** The turn's number for the player whose turn it is ("Turn 15", not the game's 30th). */
function turnNumber(view) {
  const p = view.players[view.turn.seat];
  return typeof p?.turns === 'number' ? p.turns : view.turn.number;
}

function statusBar(view, names) {
  const turn = view.turn;
  const me = view.seat;
  const myTurn = turn.seat === me;
  const n = turnNumber(view);
  const scored = view.players.every((p) => typeof p.vp === 'number');
  // A long name ends in an ellipsis; a tap on the bar shows every name in full.
  const full = state.ui.fullNames === true;
  const theirs = myTurn ? '' : t('table.theirTurn', { name: names[turn.seat] });
  return h('section', {
    class: `status ${full ? 'full-names' : ''}`, 'aria-label': t('table.turn', { n }),
    onclick: () => { state.ui.fullNames = !full; changed(); },
  },
    h('div', 'line1',
      h('span', { id: 'turn-line', class: myTurn ? 'mine' : '', 'data-turn': n, title: theirs || null },
        t('table.turn', { n }),
        h('span', 'whose', ` · ${myTurn ? t('table.yourTurn') : theirs}`)),
      h('span', { id: 'phase' }, t(`phase.${turn.phase}`) )),
    scored ? h('p', { class: 'vp-line', id: 'vp-line' }, h('span', 'k', `${t('end.vp')}:`), view.players.map((p) =>
      h('span', { class: `vp-of ${p.seat === me ? 'me' : ''}`, 'data-seat': p.seat, 'data-vp': p.vp },
        h('span', { class: 'who', title: p.name }, p.seat === me ? t('common.you') : p.name), h('b', null, String(p.vp))))) : null,
    // Your turn: three tiles. Another's (an attack to answer): one line that says whose they are.
    myTurn ? h('div', 'stats',
      stat('actions', turn.actions), stat('buys', turn.buys), stat('coins', money(turn.coins)))
      : h('p', { class: 'stats-of', id: 'stats-of', 'data-seat': turn.seat },
        h('span', { class: 'who', title: names[turn.seat] }, `${names[turn.seat]}:`),
        h('span', 'nums', [['actions', turn.actions], ['buys', turn.buys], ['coins', money(turn.coins)]]
          .map(([k, v]) => `${t(`stat.${k}`)} ${v}`).join(' · '))));
}

function stat(key, value) {
  return h('div', { class: 'stat', id: `stat-${key}` }, h('b', null, String(value)), h('span', null, t(`stat.${key}`)));
}

function handSection(view, legal) {
  const me = view.players[view.seat];
  if (!me?.hand) return null;
  const myTurn = view.turn.seat === view.seat && !view.decision;
  const actionsLeft = myTurn && playableActions(view, legal).length > 0;
  const hand = me.hand.map((c, i) => [c, i]).sort((a, b) => rank(a[0]) - rank(b[0]) || cardName(a[0]).localeCompare(cardName(b[0])) || a[1] - b[1]);
  return h('section', { 'aria-labelledby': 'hand-title', id: 'hand' },
    h('div', 'section-title',
      h('h2', { id: 'hand-title' }, t('table.hand')),
      h('span', 'small muted', t('common.cards', { n: me.hand.length }))),
    hand.length ? h('div', 'cards', hand.map(([name, i]) => {
      const playable = myTurn && legal.play.has(name);
      // A Treasure ends the Action phase: no mark, and a second tap while an Action is playable.
      const ends = playable && view.turn.phase === 'action' && !info(name).types.includes('Action');
      const quiet = ends && actionsLeft;
      const go = () => send({ type: 'play', card: name });
      const play = ends ? () => guard(`play-${name}`, endActionsWhy(view, legal), t('confirm.play', { card: cardName(name) }), go) : go;
      const label = playable ? t('card.play', { card: cardName(name) }) : null;
      return cardButton(name, {
        extraClass: playable ? (quiet ? 'later' : 'playable') : '',
        attrs: { 'data-fk': `hand-${i}`, 'data-playable': String(playable) },
        label,
        onTap: playable ? play : null,
        actions: playable ? [{ id: 'play', label, run: play }] : [],
      });
    })) : h('p', 'muted', t('table.handEmpty')),
    myTurn && legal.play.size ? h('p', 'small muted', t('table.tapHint')) : null);
}

function inPlaySection(view, names) {
  const active = view.players[view.turn.seat];
  const cards = active.in_play || [];
  const aside = [];
  for (const p of view.players) for (const c of p.set_aside || []) aside.push([p.seat, c]);
  return section({ id: 'in-play' }, active.seat === view.seat ? t('table.inPlay') : t('table.inPlayOf', { name: names[active.seat] }),
    smallCards(cards),
    aside.length ? h('p', 'small', `${t('table.setAside')}: `, aside.map(([s, c]) => `${cardName(c)} (${names[s]})`).join(', ')) : null);
}

/** Cards named this turn for `key` ("contraband", "war_chest"). */
function namedThisTurn(view, key) {
  const names = view.turn.names || {};
  return Array.isArray(names[key]) ? [...new Set(names[key])] : [];
}

/** Lines about this turn's and this game's special rules, shown above the Supply. */
function supplyNotes(view) {
  const banned = namedThisTurn(view, 'contraband');
  const warChest = namedThisTurn(view, 'war_chest');
  const tr = view.trade_route;
  const list = (cards) => cards.map(cardName).join(', ');
  const note = (attrs, ...text) => h('p', { class: 'small note-line', ...attrs }, ...text);
  return [
    tr ? note({ id: 'trade-route', 'data-mat': tr.mat, 'data-piles': tr.piles.join('|') },
      h('span', { class: 'token-mark', 'aria-hidden': 'true' }, '◉'), ' ',
      h('b', null, t('table.tradeRoute', { card: cardName('Trade Route'), n: money(tr.mat) })), ' · ',
      tr.piles.length ? t('table.tradeRouteTokens', { piles: list(tr.piles) }) : t('table.tradeRouteNone')) : null,
    banned.length ? note({ class: 'small note-line banned-line', id: 'banned', 'data-cards': banned.join('|') },
      t('table.banned', { card: cardName('Contraband'), cards: list(banned) })) : null,
    warChest.length ? note({ id: 'war-chest-named', 'data-cards': warChest.join('|') },
      t('table.warChest', { card: cardName('War Chest'), cards: list(warChest) })) : null,
    view.curse_is_treasure ? note({ id: 'curse-treasure' },
      t('table.curseTreasure', { card: cardName('Curse') })) : null,
  ];
}

/** The cost on a tile: a cost that differs from the printed one shows both. */
function costLabel(p) {
  const printed = info(p.card).cost;
  if (typeof printed !== 'number' || printed === p.cost) return h('span', 'cost', money(p.cost));
  return h('span', { class: 'cost changed', 'data-printed': printed },
    h('s', { class: 'printed', 'aria-hidden': 'true' }, money(printed)), ' ',
    h('span', p.cost < printed ? 'lower' : 'higher', money(p.cost)));
}

/** "Rules: 2nd edition" (lobby and table), when the game says. */
export function editionLine(ed) {
  return ed ? h('p', { class: 'small', id: 'edition-line', 'data-edition': ed }, t('table.edition', { edition: t(`edition.${ed}`) })) : null;
}

function supplySection(view, legal) {
  const buyPhase = view.turn.phase === 'buy' && view.turn.seat === view.seat && !view.decision && view.turn.buys > 0;
  const oneTap = oneTapBuy(legal);
  // A buy in the Action phase ends it: not offered while an Action could be played.
  const early = playableActions(view, legal).length > 0;
  const kingdom = new Set(view.kingdom || []);
  const piles = view.supply;
  const banned = new Set(namedThisTurn(view, 'contraband'));
  const tokens = new Set(view.trade_route ? view.trade_route.piles : []);
  const tile = (p) => {
    const empty = p.count === 0;
    const canBuy = legal.buy.has(p.card) && !view.decision && !empty;
    const afford = canBuy && buyPhase;
    const isBanned = banned.has(p.card);
    const token = tokens.has(p.card);
    const printed = info(p.card).cost;
    const changedCost = typeof printed === 'number' && printed !== p.cost;
    const buy = () => send({ type: 'buy', card: p.card });
    // The tile's name is what it shows; what it shows only by its looks is said in words.
    const said = [changedCost ? t('pile.costChanged', { cost: money(p.cost), printed: money(printed) }) : null,
      isBanned ? t('pile.bannedLabel', { card: cardName('Contraband') }) : null,
      token ? t('pile.token', { card: cardName('Trade Route') }) : null].filter(Boolean).join(', ');
    let tag = null;
    if (empty) tag = h('span', 'tag', t('pile.empty'));
    else if (isBanned) tag = h('span', 'tag banned', icon('ui-banned', 'ui-icon'), ` ${t('pile.banned')}`);
    else if (afford) tag = h('span', 'tag', `✓ ${t('pile.canBuy')}`);
    return cardButton(p.card, {
      extraClass: `${empty ? 'empty' : ''} ${afford ? 'afford' : ''} ${isBanned ? 'banned' : ''}`,
      onTap: afford && oneTap ? buy : null,
      attrs: {
        'data-fk': `pile-${p.card}`, 'data-cost': p.cost, 'data-count': p.count, 'data-buyable': String(canBuy),
        'data-banned': isBanned ? 'true' : null, 'data-token': token ? 'true' : null,
        'data-printed-cost': changedCost ? printed : null,
      },
      children: [h('span', 'meta',
        costLabel(p),
        empty ? null : h('span', { class: 'count', 'aria-hidden': 'true' }, `×${p.count}`),
        empty ? null : h('span', 'sr-only', `, ${t('pile.left', { n: p.count })}`)),
      tag,
      said ? h('span', 'sr-only', `, ${said}`) : null,
      token ? h('span', { class: 'badge token', 'aria-hidden': 'true', title: t('pile.token', { card: cardName('Trade Route') }) }, '◉') : null],
      actions: canBuy && !early ? [{ id: 'buy', label: t('card.buy', { cost: money(p.cost) }), run: buy }] : [],
    });
  };
  const byCost = (a, b) => a.cost - b.cost || cardName(a.card).localeCompare(cardName(b.card));
  return section({ id: 'supply', 'data-one-tap': String(buyPhase && oneTap) }, t('table.supply'),
    editionLine(view.edition),
    supplyNotes(view),
    h('h3', 'small muted', t('table.kingdom')),
    h('div', { class: 'supply', id: 'kingdom-piles' }, piles.filter((p) => kingdom.has(p.card)).sort(byCost).map(tile)),
    h('h3', 'small muted', t('table.basic')),
    h('div', { class: 'supply', id: 'basic-piles' }, piles.filter((p) => !kingdom.has(p.card)).map(tile)));
}

// Kingdom cards that give VP tokens: with one of them, every player's count shows (0 too).
const VP_TOKEN_CARDS = ['Bishop', 'Monument', 'Goons', 'Collection', 'Investment'];

function playersSection(view) {
  const kingdom = view.kingdom || [];
  const tokensGame = view.players.some((p) => p.vp_tokens) || VP_TOKEN_CARDS.some((c) => kingdom.includes(c));
  return section({ id: 'players' }, t('home.players'),
    h('div', 'players', view.players.map((p) => {
      const active = p.seat === view.turn.seat;
      return h('div', { class: `player ${active ? 'active' : ''}`, 'data-seat': p.seat },
        h('div', null,
          h('span', 'pname', p.name), ' ',
          p.seat === view.seat ? h('span', 'muted small', t('opp.you')) : null, ' ',
          active ? h('span', 'active-tag', `● ${t('opp.active')}`) : null),
        h('div', 'kv',
          kv(t('opp.hand'), p.hand_count), kv(t('opp.deck'), p.deck_count), kv(t('opp.discard'), p.discard_count),
          tokensGame ? kv(t('opp.vp'), p.vp_tokens || 0, { class: 'vp-tokens', 'data-vp-tokens': p.vp_tokens || 0 }) : null,
          typeof p.vp === 'number' ? kv(t('end.vp'), p.vp, { class: 'vp', 'data-vp': p.vp }) : null,
          kv(t('opp.turns'), p.turns)),
        p.seat === view.seat ? deckBox(p.cards) : null,
        p.discard_top ? h('div', 'kv', h('span', 'k', `${t('opp.top')}:`), cardButton(p.discard_top, { small: true })) : null);
    })));
}

/** This seat's own cards, counted by card (hand, deck, discard, in play, set aside). */
function deckBox(cards) {
  if (!cards) return null;
  const entries = Object.entries(cards);
  const total = entries.reduce((n, [, c]) => n + c, 0);
  return h('details', { id: 'my-deck', 'data-total': total },
    h('summary', null, t('table.myDeck', { n: total })),
    h('ul', 'deck-list', entries.map(([card, n]) =>
      h('li', { 'data-card': card, 'data-count': n }, `${cardName(card)} ×${n}`))));
}

function kv(k, v, attrs = null) {
  return h('span', attrs, h('span', 'k', `${k} `), h('b', null, String(v)));
}

function trashSection(view) {
  return h('details', { id: 'trash' },
    h('summary', null, `${t('table.trash')} (${view.trash.length})`),
    smallCards(view.trash));
}

/** Cards in play or in the trash, or "Nothing yet." */
function smallCards(cards) {
  return cards.length ? h('div', 'cards', cards.map((c) => cardButton(c, { small: true }))) : h('p', 'muted small', t('table.nothing'));
}

export function tableScreen(view) {
  const names = view.players.map((p) => p.name);
  const legal = legalSets(view);
  const d = view.decision;
  const answer = (value) => send({ type: 'answer', answer: value });
  const mine = view.turn.seat === view.seat && !d && !view.game_over;
  const sheet = d ? decisionPanel(d, { names, me: view.seat, answer, turnSeat: view.turn.seat, undo: legal.undo, onUndo: () => send({ type: 'undo' }) }) : null;
  const room = sheet ? (sheet.classList.contains('collapsed') ? 'sheet-low' : 'sheet-open')
    : mine && view.turn.phase === 'buy' && view.turn.buys > 0 ? 'buying' : '';
  return h('div', { class: `table ${state.game.busy ? 'is-busy' : ''} ${room}`, id: 'table', 'data-seat': view.seat ?? '' },
    statusBar(view, names),
    summaryPanel(view),
    view.seat == null ? h('p', 'notice info', h('span', 'msg', t('table.spectator'))) : null,
    absentPanel(view),
    sheet || waitingPanel(view, names),
    h('div', 'table-grid',
      h('div', null, handSection(view, legal), inPlaySection(view, names), supplySection(view, legal)),
      h('div', null, playersSection(view), trashSection(view), logSection(view))));
}
