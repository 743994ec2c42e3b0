// The bar at the bottom of the table, in reach of a thumb: Undo, the phase
// buttons, the piles this seat can afford in its Buy phase, and the one-tap
// confirmation of a move that would throw away something playable.

import { h } from '../dom.js';
import { t, cardName, money, list } from '../i18n.js';
import { state, changed } from '../store.js';
import { send } from '../game.js';
import { cardButton, info } from '../cards.js';

/** Commands the view says are legal now, indexed for the UI. */
export function legalSets(view) {
  const play = new Set();
  const buy = new Set();
  const out = { play, buy, treasures: false, endPhase: false, undo: false };
  for (const c of view.legal || []) {
    if (c.type === 'play') play.add(c.card);
    else if (c.type === 'buy') buy.add(c.card);
    else if (c.type === 'play_treasures') out.treasures = true;
    else if (c.type === 'end_phase') out.endPhase = true;
    else if (c.type === 'undo') out.undo = true;
  }
  return out;
}

const isAction = (name) => (info(name).types || []).includes('Action');

/** Action cards in hand this seat may play now (in its Action phase). */
export function playableActions(view, legal) {
  if (view.turn.phase !== 'action') return [];
  return [...new Set((view.players[view.seat].hand || []).filter((c) => legal.play.has(c) && isAction(c)))];
}

/**
 * A buy can be taken back (the server has fair undo: its games carry a
 * `log_epoch`), so a tap on a pile buys at once instead of opening the card.
 */
export function oneTapBuy(view, legal) {
  const g = state.game;
  return legal.undo || !!(g && g.data && typeof g.data.log_epoch === 'number');
}

/** The pending confirmation, if it is for the state on screen. */
function pending() {
  const c = state.ui.confirm;
  const g = state.game;
  return c && g && g.data && c.version === g.data.version ? c : null;
}

/**
 * Run `run` at once, or ask first when `why` (a sentence) says what the move
 * would throw away: the bar then shows it and one more tap on `label` confirms.
 */
export function guard(key, why, label, run) {
  const c = pending();
  if (!why || (c && c.key === key)) {
    state.ui.confirm = null;
    run();
    return;
  }
  state.ui.confirm = { key, why, label, run, version: state.game.data.version };
  changed();
}

/** Why ending the Action phase needs a second tap ('' when it does not). */
export function endActionsWhy(view, legal) {
  const left = playableActions(view, legal);
  return left.length ? t('confirm.actionsLeft', { cards: list(left.map(cardName)) }) : '';
}

/** Why ending the turn needs a second tap: coins (or Treasures in hand) and a Buy left. */
function endTurnWhy(view, legal) {
  const { coins, buys } = view.turn;
  if (view.turn.phase !== 'buy' || buys < 1) return '';
  if (legal.treasures) return t('confirm.treasuresLeft', { n: buys });
  const worth = view.supply.some((p) => legal.buy.has(p.card) && p.cost > 0);
  return coins > 0 && worth ? t('confirm.coinsLeft', { coins: money(coins), n: buys }) : '';
}

function buyStrip(view, legal, oneTap) {
  const piles = view.supply.filter((p) => legal.buy.has(p.card) && p.count > 0)
    .sort((a, b) => b.cost - a.cost || cardName(a.card).localeCompare(cardName(b.card)));
  if (!piles.length) return null;
  return h('div', { class: 'buystrip', id: 'buy-strip', role: 'group', 'aria-label': t('bar.canBuy') },
    piles.map((p) => {
      const buy = () => send({ type: 'buy', card: p.card });
      return cardButton(p.card, {
        small: true,
        attrs: { 'data-fk': `strip-${p.card}`, 'data-cost': p.cost },
        children: [h('span', { class: 'meta' }, h('span', { class: 'cost' }, money(p.cost)))],
        onTap: oneTap ? buy : null,
        actions: [{ id: 'buy', label: t('card.buy', { cost: money(p.cost) }), run: buy }],
      });
    }));
}

/** The bar's contents, or nothing when this seat has no turn controls now. */
export function actionBar(view) {
  if (view.decision || view.turn.seat !== view.seat || view.game_over) return null;
  const legal = legalSets(view);
  if (!legal.treasures && !legal.endPhase && !legal.undo) return null; // e.g. another seat is deciding
  const busy = state.game && state.game.busy;
  const phase = view.turn.phase;
  const confirm = pending();
  const undo = legal.undo ? h('button', { type: 'button', id: 'btn-undo', class: 'secondary undo', disabled: busy, 'data-fk': 'undo',
    onclick: () => send({ type: 'undo' }) }, `↶ ${t('btn.undo')}`) : null;
  let buttons;
  if (confirm) {
    buttons = [
      h('button', { type: 'button', id: 'btn-cancel', class: 'secondary', 'data-fk': 'cancel',
        onclick: () => { state.ui.confirm = null; changed(); } }, t('confirm.cancel')),
      h('button', { type: 'button', id: 'btn-confirm', class: 'danger', disabled: busy, 'data-fk': 'confirm-move',
        onclick: () => guard(confirm.key, '', '', confirm.run) }, confirm.label),
    ];
  } else {
    const endLabel = phase === 'action' ? t('btn.endActions') : t('btn.endTurn');
    const end = () => send({ type: 'end_phase' });
    buttons = [
      undo,
      legal.treasures ? h('button', { type: 'button', id: 'btn-treasures', class: 'secondary', disabled: busy, 'data-fk': 'treasures',
        onclick: () => guard('treasures', phase === 'action' ? endActionsWhy(view, legal) : '', t('confirm.playTreasures'),
          () => send({ type: 'play_treasures' })) }, t('btn.playTreasures')) : null,
      legal.endPhase ? h('button', { type: 'button', id: 'btn-end', disabled: busy, 'data-fk': 'end',
        onclick: () => guard('end', phase === 'action' ? endActionsWhy(view, legal) : endTurnWhy(view, legal),
          phase === 'action' ? t('confirm.endActions') : t('confirm.endTurn'), end) }, endLabel) : null,
    ];
  }
  const buying = phase === 'buy' && view.turn.buys > 0 && !confirm;
  return h('nav', { class: 'actionbar', 'aria-label': t(`phase.${phase}`) },
    buying ? buyStrip(view, legal, oneTapBuy(view, legal)) : null,
    confirm ? h('p', { class: 'confirm-msg', id: 'confirm-msg', role: 'alert' }, confirm.why) : null,
    h('div', { class: 'btns' }, buttons));
}
