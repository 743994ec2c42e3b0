// The decision panel: one clear place for whatever the engine asks this seat,
// and the "waiting for X" line when someone else must act.

import { h } from '../dom.js';
import { t, has, cardName, money } from '../i18n.js';
import { state, changed } from '../store.js';
import { cardButton, info } from '../cards.js';

const CARD_ARGS = ['drawn', 'revealed', 'trashed'];

/** The sentence for a decision's prompt key, with its arguments filled in. */
export function promptText(d, names, me) {
  const args = {};
  for (const [k, v] of Object.entries(d.args || {})) args[k] = v;
  for (const k of CARD_ARGS) if (typeof args[k] === 'string') args[k] = cardName(args[k]);
  if (typeof args.max_cost === 'number') args.max_cost = money(args.max_cost);
  if (typeof args.cost === 'number') args.cost = money(args.cost);
  if (typeof args.target === 'number') {
    args.target = args.target === me ? t('common.you') : names[args.target] || t('common.seat', { n: args.target + 1 });
  }
  args.card = d.card ? cardName(d.card) : '';
  const key = `prompt.${d.prompt}`;
  return has(key) ? t(key, args) : t(`prompt.generic.${d.kind}`);
}

function scratch(d) {
  const key = JSON.stringify(d);
  if (!state.ui.dec || state.ui.dec.key !== key) state.ui.dec = { key, picked: [], order: [] };
  return state.ui.dec;
}

function countHint(d) {
  if (d.min === d.max) return t('dec.chooseN', { n: d.min });
  if (d.min === 0) return t('dec.upTo', { n: d.max });
  return t('dec.chooseRange', { min: d.min, max: d.max });
}

function optionLabel(id) {
  return has(`opt.${id}`) ? t(`opt.${id}`) : id;
}

/** Render the panel for decision `d` addressed to this seat. */
export function decisionPanel(d, ctx) {
  const { names, me, answer } = ctx;
  const ui = scratch(d);
  const body = [];
  if (d.kind === 'option') {
    const yesNo = d.options.length === 2 && d.options.includes('yes') && d.options.includes('no');
    body.push(h('div', { class: 'opts', role: 'group', 'aria-label': t('dec.title') },
      d.options.map((o) => h('button', {
        type: 'button',
        class: yesNo && o === 'no' ? 'secondary' : '',
        'data-answer': o,
        'data-fk': `opt-${o}`,
        onclick: () => answer(o),
      }, optionLabel(o)))));
  } else if (d.kind === 'supply') {
    body.push(h('p', { class: 'small muted' }, t('dec.supplyHint')));
    body.push(h('div', { class: 'opts supply' },
      d.options.map((name) => cardButton(name, {
        attrs: { 'data-answer': name, 'data-fk': `sup-${name}`, 'data-cost': costOf(name) },
        label: `${cardName(name)}, ${t('card.cost', { cost: money(costOf(name)) })}`,
        children: [h('span', { class: 'meta' }, h('span', { class: 'cost' }, money(costOf(name))))],
        onTap: () => answer(name),
      })),
      d.min === 0 ? h('button', { type: 'button', class: 'secondary', 'data-answer': '', onclick: () => answer(null) }, t('dec.none')) : null));
  } else if (d.kind === 'order') {
    const placed = new Set(ui.order);
    body.push(h('p', { class: 'small' }, t('dec.orderHint')));
    body.push(h('div', { class: 'opts' },
      d.options.map((name, i) => cardButton(name, {
        extraClass: placed.has(i) ? 'selected' : '',
        attrs: { 'aria-pressed': placed.has(i) ? 'true' : 'false', disabled: placed.has(i), 'data-fk': `ord-${i}`, 'data-option': i },
        onTap: () => { ui.order.push(i); changed(); },
      }))));
    body.push(h('p', { class: 'order' }, h('b', null, t('dec.orderTop')), ' ',
      ui.order.map((i, k) => `${k + 1}. ${cardName(d.options[i])}`).join(' · ')));
    body.push(h('div', { class: 'opts' },
      h('button', { type: 'button', class: 'secondary', disabled: !ui.order.length, onclick: () => { ui.order = []; changed(); } }, t('dec.reset')),
      h('button', {
        type: 'button', 'data-confirm': '', disabled: ui.order.length !== d.options.length,
        onclick: () => answer(ui.order.map((i) => d.options[i])),
      }, t('dec.confirm'))));
  } else {
    // cards: a single pick answers at once; several picks are toggled then confirmed.
    body.push(h('p', { class: 'small' }, countHint(d)));
    if (d.max === 1) {
      const seen = new Set();
      body.push(h('div', { class: 'opts' },
        d.options.filter((c) => (seen.has(c) ? false : seen.add(c))).map((name) => cardButton(name, {
          attrs: { 'data-answer': name, 'data-fk': `pick-${name}` },
          onTap: () => answer([name]),
        })),
        d.min === 0 ? h('button', { type: 'button', class: 'secondary', 'data-answer': '', 'data-fk': 'pick-none', onclick: () => answer([]) }, t('dec.none')) : null));
    } else {
      const picked = new Set(ui.picked);
      body.push(h('div', { class: 'opts', role: 'group' },
        d.options.map((name, i) => cardButton(name, {
          extraClass: picked.has(i) ? 'selected' : '',
          attrs: { 'aria-pressed': picked.has(i) ? 'true' : 'false', 'data-option': i, 'data-fk': `tog-${i}` },
          onTap: () => {
            if (picked.has(i)) ui.picked = ui.picked.filter((x) => x !== i);
            else if (ui.picked.length < d.max) ui.picked.push(i);
            changed();
          },
        }))));
      const n = ui.picked.length;
      body.push(h('div', { class: 'opts' },
        h('span', { class: 'small', 'aria-live': 'polite' }, t('dec.selected', { n })),
        h('button', {
          type: 'button', 'data-confirm': '', 'data-fk': 'confirm',
          disabled: n < d.min || n > d.max,
          onclick: () => answer(ui.picked.map((i) => d.options[i])),
        }, t('dec.confirmN', { n }))));
    }
  }
  return h('section', { class: 'panel decision', 'aria-labelledby': 'dec-title', id: 'decision', 'data-prompt': d.prompt, 'data-kind': d.kind, 'data-min': d.min, 'data-max': d.max },
    h('h2', { id: 'dec-title' }, d.card ? `${cardName(d.card)}: ${t('dec.title')}` : t('dec.title')),
    h('p', { class: 'prompt' }, promptText(d, names, me)),
    body);
}

function costOf(name) {
  const pile = state.game && state.game.view && state.game.view.supply.find((p) => p.card === name);
  return pile ? pile.cost : info(name).cost;
}

/** "Waiting for X" when the game needs someone else. */
export function waitingPanel(view, names) {
  const me = view.seat;
  const w = view.waiting_for;
  let text;
  if (w && w.seat !== me) {
    // Other seats get the card only for prompts that betray no hidden card.
    text = w.card ? t('wait.decision', { name: names[w.seat], prompt: cardName(w.card) })
      : t('wait.turn', { name: names[w.seat] });
  } else if (view.awaiting && view.awaiting.length && !view.awaiting.includes(me)) {
    text = t('wait.turn', { name: view.awaiting.map((s) => names[s]).join(', ') });
  } else {
    return null;
  }
  return h('section', { class: 'panel waiting', id: 'waiting', role: 'status' }, h('p', null, text));
}
