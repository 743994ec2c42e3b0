// The bar in reach of a thumb: Undo, the phase buttons, the piles you can
// afford in your Buy phase, and a second tap where a tap would waste something.

import { h } from '../dom.js';
import { t, cardName, money, list } from '../i18n.js';
import { state, changed } from '../store.js';
import { send } from '../game.js';
import { cardButton, info } from '../cards.js';

/** Commands the view says are legal now, indexed for the UI. */
export function legalSets(view) {
  const out = { play: new Set(), buy: new Set() };
  for (const c of view.legal || []) {
    if (c.type === 'play' || c.type === 'buy') out[c.type].add(c.card);
    else out[c.type] = true; // play_treasures, end_phase, undo
  }
  return out;
}

export function playableActions(view, legal) {
  const me = view.players[view.seat];
  const hand = (view.turn.phase === 'action' && me?.hand) || [];
  return [...new Set(hand.filter((c) => legal.play.has(c) && info(c).types.includes('Action')))];
}

/** A buy can be taken back (the server has undo: its games carry `log_epoch`): one tap buys. */
export function oneTapBuy(legal) {
  return !!legal.undo || typeof state.game?.data?.log_epoch === 'number';
}

function pending() {
  const c = state.ui.confirm;
  return c?.version === state.game.data.version ? c : null;
}

/**
 * Run `run`, unless `why` says what it would waste: then the bar says so and
 * its button `label` runs it. That button never sits where the first tap was,
 * so a double tap cannot confirm.
 */
export function guard(key, why, label, run) {
  state.ui.confirm = why ? { key, why, label, run, version: state.game.data.version } : null;
  if (why) changed();
  else run();
}

export function endActionsWhy(view, legal) {
  const left = playableActions(view, legal);
  return left.length ? t('confirm.actionsLeft', { cards: list(left.map(cardName)) }) : '';
}

/** Ending the turn with a Buy and coins (or Treasures in hand) for something that costs. */
function endTurnWhy(view, legal) {
  const { coins, buys } = view.turn;
  if (legal.play_treasures) return t('confirm.treasuresLeft', { n: buys });
  return coins && view.supply.some((p) => legal.buy.has(p.card) && p.cost > 0) ? t('confirm.coinsLeft', { coins: money(coins), n: buys }) : '';
}

function buyStrip(view, legal) {
  // Dearest first; never a Curse (bought from the Supply if anyone really wants one).
  const piles = view.supply.filter((p) => legal.buy.has(p.card) && p.count && p.card !== 'Curse')
    .sort((a, b) => b.cost - a.cost || cardName(a.card).localeCompare(cardName(b.card)));
  const oneTap = oneTapBuy(legal);
  return piles.length ? h('div', { class: 'buystrip', id: 'buy-strip', role: 'group', 'aria-label': t('bar.canBuy') },
    piles.map((p) => {
      const buy = () => send({ type: 'buy', card: p.card });
      return cardButton(p.card, {
        small: true,
        attrs: { 'data-fk': `strip-${p.card}`, 'data-cost': p.cost },
        children: [h('span', 'meta', h('span', 'cost', money(p.cost)))],
        onTap: oneTap ? buy : null,
        actions: [{ id: 'buy', label: t('card.buy', { cost: money(p.cost) }), run: buy }],
      });
    })) : null;
}

function button(id, text, onclick, cls = '') {
  return h('button', { id: `btn-${id}`, class: cls, disabled: state.game.busy, 'data-fk': id, onclick }, text);
}

/** The bar's contents, or nothing when this seat has no turn controls now. */
export function actionBar(view) {
  if (view.decision || view.turn.seat !== view.seat || view.game_over) return null;
  const legal = legalSets(view);
  if (!legal.play_treasures && !legal.end_phase && !legal.undo) return null; // another seat decides
  const action = view.turn.phase === 'action';
  const c = pending();
  const cancel = button('cancel', t('confirm.cancel'), () => { state.ui.confirm = null; changed(); }, 'secondary');
  // The guarded button gives way to "Not yet"; the confirmation is in the line above.
  const guarded = (id, text, why, label, run, cls) => {
    if (!c || c.key !== id) return button(id, text, () => guard(id, why(), label, run), cls);
    cancel.dataset.fk = id; // the keyboard's focus stays on this place
    return cancel;
  };
  const buttons = [
    legal.undo ? button('undo', `↶ ${t('btn.undo')}`, () => send({ type: 'undo' }), 'secondary undo') : null,
    legal.play_treasures ? guarded('treasures', t('btn.playTreasures'), () => (action ? endActionsWhy(view, legal) : ''),
      t('confirm.playTreasures'), () => send({ type: 'play_treasures' }), 'secondary') : null,
    legal.end_phase ? guarded('end', t(action ? 'btn.endActions' : 'btn.endTurn'),
      () => (action ? endActionsWhy(view, legal) : view.turn.buys && endTurnWhy(view, legal)),
      t(action ? 'confirm.endActions' : 'confirm.endTurn'), () => send({ type: 'end_phase' })) : null,
  ];
  return h('nav', { class: 'actionbar', 'aria-label': t(`phase.${view.turn.phase}`) },
    !action && view.turn.buys && !c ? buyStrip(view, legal) : null,
    c ? h('div', 'confirm', h('p', { id: 'confirm-msg', role: 'alert' }, c.why),
      buttons.includes(cancel) ? null : cancel,
      button('confirm', c.label, () => { state.ui.confirm = null; c.run(); }, 'danger')) : null,
    h('div', 'btns', buttons));
}
