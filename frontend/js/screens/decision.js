// The decision panel: one clear place for whatever the engine asks this seat,
// and the "waiting for X" line when someone else must act.

import { h, field } from '../dom.js';
import { t, has, cardName, money, ordinal } from '../i18n.js';
import { state, changed } from '../store.js';
import { cardButton, info, fitNames } from '../cards.js';

const CARD_ARGS = ['drawn', 'revealed', 'trashed', 'gained', 'looked', 'named'];
// A single card the decision is about (Watchtower's gain, Crystal Ball's look, Loan's reveal): shown as a card.
const SUBJECT_ARGS = ['gained', 'looked', 'revealed'];
// Prompts that name any card: the searchable card-name list.
const NAME_PROMPTS = new Set(['wishing_well.name', 'contraband.name', 'war_chest.name']);
const SEATS_ARGS = ['target', 'receiver'];
// Prompts whose picked cards go onto a pile one by one: the tap order shows.
const ORDERED = new Set(['secret_chamber.topdeck']);
// More options than this that are all card names: a searchable list, not a wall of buttons.
const LIST_ABOVE = 12;

/** A seat's name for a prompt ("you" for this seat). */
function seatName(s, names, me) {
  return s === me ? t('common.you') : names[s] || t('common.seat', { n: s + 1 });
}

/** The sentence for a decision's prompt key, with its arguments filled in. */
export function promptText(d, names, me, turnSeat) {
  const args = { ...d.args };
  for (const k of CARD_ARGS) {
    if (typeof args[k] === 'string') args[k] = cardName(args[k]);
    else if (Array.isArray(args[k])) args[k] = args[k].map(cardName).join(', ');
  }
  for (const k of ['max_cost', 'cost']) if (typeof args[k] === 'number') args[k] = money(args[k]);
  if (typeof args.count === 'number') args.n = args.count;
  for (const k of SEATS_ARGS) if (typeof args[k] === 'number') args[k] = seatName(args[k], names, me);
  args.card = d.card ? cardName(d.card) : '';
  // Whose card asks (Contraband, Vault, Bishop asking the other players): the turn's player.
  if (typeof turnSeat === 'number') args.player = seatName(turnSeat, names, me);
  let key = `prompt.${d.prompt}`;
  // Masquerade in a game where nobody else has cards: the card goes back to its giver.
  if (d.prompt === 'masquerade.pass' && d.args && d.args.receiver === me) key = 'prompt.masquerade.pass_self';
  return has(key) ? t(key, args) : t(`prompt.generic.${d.kind}`);
}

function scratch(d) {
  const key = JSON.stringify(d);
  if (!state.ui.dec || state.ui.dec.key !== key) state.ui.dec = { key, picked: [], order: [], filter: '' };
  return state.ui.dec;
}

function countHint(d) {
  if (d.min === d.max) return t('dec.chooseN', { n: d.min });
  if (d.min === 0) return t('dec.upTo', { n: d.max });
  return t('dec.chooseRange', { min: d.min, max: d.max, n: d.max });
}

/** An option id's label: this prompt's own wording first, then the shared one. */
function optionLabel(d, id) {
  const own = `opt.${d.prompt}.${id}`;
  if (has(own)) return t(own);
  return has(`opt.${id}`) ? t(`opt.${id}`) : id;
}

/** A hint line for a prompt (e.g. which card ends on top), when it has one. */
function hintFor(d) {
  const key = `hint.${d.prompt}`;
  return has(key) ? h('p', 'small hint', t(key)) : null;
}

/** The buttons of a decision, as a group the screen reader names. */
function group(cls, children) {
  return h('div', { class: cls, role: 'group', 'aria-label': t('dec.title') }, children);
}

/** Tap pick `x` on or off; at most `d.max` are on (one choice moves to the last tapped). */
function pick(ui, d, x) {
  if (ui.picked.includes(x)) ui.picked = ui.picked.filter((y) => y !== x);
  else if (ui.picked.length < d.max) ui.picked.push(x);
  else if (d.max === 1) ui.picked = [x];
  changed();
}

/** Lower case without accents, so "mestecko" finds "Městečko". */
function fold(s) {
  return String(s).toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

function isCardList(d) {
  if (NAME_PROMPTS.has(d.prompt)) return true;
  return d.options.length > LIST_ABOVE && d.options.every((o) => state.catalog[o]);
}

/**
 * Name any card: a search box over every option (English and local names)
 * and, before anything is typed, the cards of this game's Supply.
 */
function namePicker(d, ui, answer) {
  const options = d.options;
  const inGame = new Set((state.game?.view?.supply || []).map((p) => p.card));
  const byName = (a, b) => cardName(a).localeCompare(cardName(b));
  const items = (text) => {
    const q = fold(text.trim());
    const list = q ? options.filter((o) => fold(o).includes(q) || fold(cardName(o)).includes(q))
      : options.filter((o) => inGame.has(o));
    if (!list.length) return [h('p', { class: 'small muted', id: 'name-none' }, t('dec.noMatch'))];
    const shown = list.sort(byName).slice(0, 40).map((o) => cardButton(o, {
      small: true,
      attrs: { 'data-answer': o, 'data-fk': `name-${o}` },
      onTap: () => answer(o),
    }));
    if (list.length > shown.length) shown.push(h('p', 'small muted', t('dec.more', { n: list.length - shown.length })));
    return shown;
  };
  const list = h('div', { class: 'opts names', id: 'name-list', 'aria-live': 'polite' }, items(ui.filter));
  const heading = () => t(ui.filter.trim() ? 'dec.matches' : 'dec.inGame');
  const title = h('p', { class: 'small', id: 'name-list-title' }, heading());
  return [
    field(t('dec.search', { n: options.length }),
      h('input', {
        type: 'search', id: 'name-filter', 'data-fk': 'name-filter', autocomplete: 'off', spellcheck: 'false',
        enterkeyhint: 'search', value: ui.filter, 'aria-controls': 'name-list',
        // Filter in place: redrawing the page under a typing thumb would close the keyboard.
        oninput: (e) => {
          ui.filter = e.target.value;
          title.textContent = heading();
          list.replaceChildren(...items(ui.filter));
          fitNames(list);
        },
      })),
    title,
    list,
  ];
}

/** Where a card goes in the deck: "0" = on top ... "N" = at the bottom. */
function positionLabel(id, last) {
  const n = Number(id);
  if (n === 0) return t('pos.top');
  if (n === last) return t('pos.bottom');
  return t('pos.nth', { nth: ordinal(n + 1) });
}

function positionPicker(d, answer) {
  const last = d.options.length - 1;
  const card = d.args.placing;
  return [
    card ? h('p', { class: 'placing', id: 'placing' }, t('dec.placing'), ' ', cardButton(card, { small: true })) : null,
    h('p', 'small', t('dec.deckSize', { n: last })),
    group('opts positions',
      d.options.map((o) => h('button', {
        class: Number(o) === 0 || Number(o) === last ? '' : 'secondary',
        'data-answer': o, 'data-position': o, 'data-fk': `pos-${o}`, onclick: () => answer(o),
      }, positionLabel(o, last)))),
  ];
}

function optionToggles(d, ui, answer) {
  const picked = new Set(ui.picked);
  return [
    // Pawn's and Courtier's own sentences say how many; other prompts get the count.
    has(`prompt.${d.prompt}`) ? null : h('p', 'small', d.min === d.max ? t('dec.chooseOpts', { n: d.min }) : t('dec.chooseOptsRange', { min: d.min, max: d.max })),
    group('opts toggles',
      d.options.map((o) => h('button', {
        class: picked.has(o) ? 'toggle on' : 'toggle secondary',
        'aria-pressed': String(picked.has(o)), 'data-opt': o, 'data-fk': `opts-${o}`, onclick: () => pick(ui, d, o),
      }, optionLabel(d, o)))),
    confirmRow(d, picked.size, () => answer(d.options.filter((o) => picked.has(o))), t('dec.confirm')),
  ];
}

function confirmRow(d, n, onclick, label) {
  // Sticky at the sheet's bottom: in view however long the list above it is.
  return h('div', 'opts confirm-row',
    h('span', { class: 'small', 'aria-live': 'polite' }, t('dec.selected', { n })),
    h('button', { 'data-confirm': '', 'data-fk': 'confirm', disabled: n < d.min || n > d.max, onclick }, label));
}

/** The label of the button that answers "no card" for a cards decision. */
function noneLabel(d) {
  if (d.prompt !== 'reaction.reveal') return t('dec.none');
  return d.args?.revealed?.length ? t('dec.revealDone') : t('dec.revealNone');
}

export function decisionPanel(d, ctx) {
  const { names, me, answer, turnSeat } = ctx;
  const ui = scratch(d);
  const body = [hintFor(d), subjectCard(d)];
  if (d.prompt === 'reaction.reveal' && d.args && Array.isArray(d.args.revealed) && d.args.revealed.length) {
    body.push(h('p', { class: 'small', id: 'revealed', 'data-cards': d.args.revealed.join('|') }, t('dec.alreadyRevealed', { cards: d.args.revealed.map(cardName).join(', ') })));
  }
  if (d.kind === 'option' && d.prompt === 'secret_passage.position') {
    body.push(positionPicker(d, answer));
  } else if (d.kind === 'option' && isCardList(d)) {
    body.push(namePicker(d, ui, answer));
  } else if (d.kind === 'option') {
    const yesNo = d.options.length === 2 && d.options.includes('yes') && d.options.includes('no');
    body.push(group(`opts ${yesNo ? '' : 'choices'}`,
      d.options.map((o) => h('button', {
        class: yesNo && o === 'no' ? 'secondary' : '', 'data-answer': o, 'data-fk': `opt-${o}`, onclick: () => answer(o),
      }, optionLabel(d, o)))));
  } else if (d.kind === 'options') {
    body.push(optionToggles(d, ui, answer));
  } else if (d.kind === 'supply') {
    const hint = `dec.supplyHint.${d.prompt}`;
    body.push(h('p', 'small muted', has(hint) ? t(hint, { cost: money(d.args?.cost) }) : t('dec.supplyHint')));
    body.push(h('div', 'opts supply',
      d.options.map((name) => cardButton(name, {
        attrs: { 'data-answer': name, 'data-fk': `sup-${name}`, 'data-cost': costOf(name) },
        children: [h('span', 'meta', h('span', 'cost', money(costOf(name))))],
        onTap: () => answer(name),
      })),
      d.min === 0 ? h('button', { class: 'secondary', 'data-answer': '', onclick: () => answer(null) }, t('dec.none')) : null));
  } else if (d.kind === 'order') {
    const placed = new Set(ui.order);
    body.push(h('p', 'small', t('dec.orderHint')));
    body.push(h('div', 'opts',
      d.options.map((name, i) => cardButton(name, {
        extraClass: placed.has(i) ? 'selected' : '',
        attrs: { 'aria-pressed': String(placed.has(i)), disabled: placed.has(i), 'data-fk': `ord-${i}`, 'data-option': i },
        onTap: () => { ui.order.push(i); changed(); },
      }))));
    body.push(h('p', 'order', h('b', null, t('dec.orderTop')), ' ',
      ui.order.map((i, k) => `${k + 1}. ${cardName(d.options[i])}`).join(' · ')));
    body.push(h('div', 'opts confirm-row',
      h('button', { class: 'secondary', disabled: !ui.order.length, onclick: () => { ui.order = []; changed(); } }, t('dec.reset')),
      h('button', {
        'data-confirm': '', disabled: ui.order.length !== d.options.length,
        onclick: () => answer(ui.order.map((i) => d.options[i])),
      }, t('dec.confirm'))));
  } else {
    // cards: a single pick answers at once; several picks are toggled then confirmed.
    body.push(h('p', 'small', countHint(d)));
    if (d.max === 1) {
      body.push(h('div', 'opts',
        [...new Set(d.options)].map((name) => cardButton(name, {
          attrs: { 'data-answer': name, 'data-fk': `pick-${name}` },
          onTap: () => answer([name]),
        })),
        d.min === 0 ? h('button', { class: 'secondary', 'data-answer': '', 'data-fk': 'pick-none', onclick: () => answer([]) }, noneLabel(d)) : null));
    } else {
      const picked = new Set(ui.picked);
      // Where the picks go onto a pile one by one, the order they were tapped in shows.
      const ordered = ORDERED.has(d.prompt);
      body.push(h('div', { class: 'opts', role: 'group' },
        d.options.map((name, i) => cardButton(name, {
          extraClass: picked.has(i) ? 'selected' : '',
          attrs: { 'aria-pressed': String(picked.has(i)), 'data-option': i, 'data-fk': `tog-${i}` },
          children: ordered && picked.has(i) ? [h('span', 'badge order', String(ui.picked.indexOf(i) + 1))] : [],
          onTap: () => pick(ui, d, i),
        }))));
      const n = picked.size;
      body.push(confirmRow(d, n, () => answer(ui.picked.map((i) => d.options[i])), t('dec.confirmN', { n })));
    }
  }
  // A sheet over the bottom of the screen, always in view; collapsed, it leaves
  // the table to look at and keeps the prompt and a way back.
  const low = !!ui.low;
  const toggle = () => { ui.low = !ui.low; changed(); };
  return h('section', {
    class: `panel decision sheet ${low ? 'collapsed' : ''}`, 'aria-labelledby': 'dec-title', id: 'decision',
    'data-prompt': d.prompt, 'data-kind': d.kind, 'data-min': d.min, 'data-max': d.max,
  },
    h('div', 'sheet-head',
      // The card that asks, by its local name, in the title: a tap shows its text.
      h('h2', { id: 'dec-title' }, t('dec.title'),
        d.card ? cardButton(d.card, { small: true, attrs: { id: 'dec-card', 'data-fk': 'dec-card' } }) : null),
      ctx.undo ? h('button', { class: 'secondary', id: 'dec-undo', 'data-fk': 'dec-undo', onclick: ctx.onUndo }, `↶ ${t('btn.undo')}`) : null,
      h('button', { class: 'secondary', id: 'sheet-toggle', 'data-fk': 'sheet-toggle', 'aria-expanded': low ? 'false' : 'true',
        'aria-controls': 'dec-body', onclick: toggle }, low ? `▴ ${t('sheet.show')}` : `▾ ${t('sheet.hide')}`)),
    h('p', { class: 'prompt', 'data-known': String(has(`prompt.${d.prompt}`)) }, promptText(d, names, me, turnSeat)),
    h('div', { id: 'dec-body', class: 'dec-body', hidden: low }, body));
}

function subjectCard(d) {
  const args = d.args || {};
  const k = SUBJECT_ARGS.find((a) => typeof args[a] === 'string');
  if (!k) return null;
  return h('p', { class: 'placing', id: 'subject', 'data-card': args[k], 'data-arg': k },
    t(`dec.subject.${k}`), ' ', cardButton(args[k], { small: true }));
}

function costOf(name) {
  const pile = state.game?.view?.supply.find((p) => p.card === name);
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
  } else if (view.awaiting?.length && !view.awaiting.includes(me)) {
    text = t('wait.turn', { name: view.awaiting.map((s) => names[s]).join(', ') });
  } else {
    return null;
  }
  return h('section', { class: 'panel waiting', id: 'waiting', role: 'status' }, h('p', null, text));
}
