// Card tiles and the card text dialog (tap or long-press any card).

import { h, mount } from './dom.js';
import { t, cardName, money, lang } from './i18n.js';
import { state } from './store.js';
import { faceArt, typeClasses as classesOf, picture, coin, shield } from './card.js';

const LONG_PRESS_MS = 500;

/** Catalog entry for a card, or a bare stand-in when the catalog is not loaded. */
export function info(name) {
  return state.catalog[name] || { name, local_name: cardName(name), types: [], cost: null, text: '' };
}

function typeClasses(name) {
  return classesOf(info(name).types);
}

/** The type line in the catalog's language ("Action – Attack"); ours while it is on its way. */
function typeLine(c) {
  const local = state.catalogLang === lang() && Array.isArray(c.type_names) && c.type_names.length === c.types.length;
  return (local ? c.type_names : c.types.map((ty) => t(`type.${ty}`))).join(' – ');
}

/** A caller's own cost markup (a Supply pile's current cost) replaces the printed coin. */
const hasCost = (children) => children.some((c) => c instanceof Element && (c.matches('.cost') || c.querySelector('.cost')));

// A name whose longest word has more letters than this may not fit a narrow
// tile: `fitNames` shrinks its font instead of breaking the word.
const LONG_WORD = 8;
const FIT_STEPS = ['fit1', 'fit2', 'fit3', 'fit4'];

function nameSpan(name) {
  const local = cardName(name);
  const longest = Math.max(...local.split(/[\s\-/]+/).map((w) => w.length));
  return h('span', { class: 'nm', 'data-long': longest > LONG_WORD ? 'true' : null }, local);
}

/** Not every device can hyphenate: a too-wide word in a card name gets a smaller font until it fits. */
export function fitNames(root) {
  let todo = [...root.querySelectorAll('.card .nm[data-long]')];
  for (const step of FIT_STEPS) {
    // One read pass, then one write pass: a single layout per step.
    todo = todo.filter((el) => el.scrollWidth > el.clientWidth + 0.5);
    if (!todo.length) return;
    for (const el of todo) {
      el.classList.remove(...FIT_STEPS);
      el.classList.add(step);
    }
  }
}

/**
 * A card as a button. `onTap` runs on a tap (default: show its text);
 * a long-press or right-click always shows the text (with `actions`).
 */
export function cardButton(name, opts = {}) {
  const { onTap, actions, extraClass = '', label, children = [], attrs = {}, small } = opts;
  const el = h('button', {
    class: `card ${typeClasses(name)} ${small ? 'small' : ''} ${extraClass}`.trim(),
    'data-card': name,
    'data-types': info(name).types.join(' '),
    'aria-label': label || null,
    ...attrs,
  }, faceArt(name, { vp: !small, cost: small || hasCost(children) || info(name).cost == null ? null : money(info(name).cost) }),
  nameSpan(name), small ? null : h('span', { class: 'ty', 'aria-hidden': 'true' }, typeLine(info(name))), children);
  let timer = null;
  let longPressed = false;
  const show = () => showCard(name, typeof actions === 'function' ? actions() : actions || []);
  el.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    longPressed = false;
    clearTimeout(timer);
    timer = setTimeout(() => { longPressed = true; show(); }, LONG_PRESS_MS);
  });
  const cancel = () => clearTimeout(timer);
  for (const type of ['pointerup', 'pointerleave', 'pointercancel']) el.addEventListener(type, cancel);
  el.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    cancel();
    if (!longPressed) { longPressed = true; show(); }
  });
  el.addEventListener('keydown', () => { longPressed = false; });
  el.addEventListener('click', (e) => {
    if (longPressed) { longPressed = false; e.preventDefault(); return; }
    if (onTap) onTap(e);
    else show();
  });
  return el;
}

/**
 * The rules text that applies, and which edition it is: in a game, the text of
 * that game's edition; elsewhere the 2nd edition's, and the 1st's where it differs.
 */
function rulesTexts(c) {
  const view = state.game?.view;
  const texts = c.texts || {};
  // The catalog's texts are in the language it was fetched in (the UI's, once it arrived).
  const textLang = state.catalogLang || lang();
  const shown = (ed, here) => {
    const text = texts[ed] || c.text;
    if (!text) return null;
    return [
      h('p', { class: 'small muted dlabel', 'data-edition': ed },
        t(here ? 'card.textGame' : 'card.textEdition', { edition: t(`edition.${ed}`) })),
      h('p', { class: 'dtext', lang: textLang, 'data-edition': ed }, text),
    ];
  };
  const g = state.game;
  const edition = view?.edition || g?.data?.edition;
  if (edition) return shown(edition, true);
  return [shown('2', false), texts['1'] && texts['1'] !== (texts['2'] || c.text) ? shown('1', false) : null];
}

/** The card dialog; `actions`: [{id, label, run}] buttons (Play, Buy). */
function showCard(name, actions = []) {
  const dlg = document.getElementById('card-dialog');
  const c = info(name);
  const local = cardName(name);
  const close = () => dlg.close();
  const types = typeLine(c);
  mount(dlg, h('div', 'dbody',
    h('div', 'dhead',
      h('div', { class: `face ${typeClasses(name)}`, 'aria-hidden': 'true' },
        h('span', 'art', picture(name)), c.cost != null ? coin(money(c.cost)) : null, shield(name)),
      h('div', 'dtitle',
        h('h2', { id: 'card-dialog-title' }, local),
        local !== name ? h('p', { class: 'muted small', lang: 'en' }, name) : null,
        c.unofficial ? h('p', { class: 'muted small', id: 'unofficial-name' }, t('card.unofficialName')) : null),
      h('button', { class: 'secondary', onclick: close, 'aria-label': t('common.close') }, '✕')),
    h('p', null,
      c.cost != null ? h('span', 'cost', t('card.cost', { cost: money(c.cost) })) : null,
      types ? h('span', { id: 'card-types' }, ` · ${types}`) : null),
    rulesTexts(c),
    h('div', 'dactions',
      actions.map((a) => h('button', {
        'data-action': a.id || null,
        onclick: () => { close(); a.run(); },
      }, a.label)),
      h('button', { class: 'secondary', onclick: close }, t('common.close')))));
  if (!dlg.open) dlg.showModal();
  const first = dlg.querySelector('.dactions button');
  if (first) first.focus();
}
