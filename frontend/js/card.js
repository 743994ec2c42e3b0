// The card's face, the same everywhere (hand, play area, supply, decisions, the
// card window, the kingdom preview): its picture, cost in a coin, VP in a
// shield and type line; colours and frame by type come from css/card.css.

import { h } from './dom.js';

const SVG = 'http://www.w3.org/2000/svg';
/** The sprite of card pictures (scripts/icons/build.mjs), under this client's version. */
export const SPRITE = new URL('../icons/cards.svg', import.meta.url).href;

/** The sprite's symbol id of a card or icon: "King's Court" -> "king-s-court" (as build.mjs). */
export const symbolId = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** An icon of the sprite, decorative (the text beside it says what it is). */
export function icon(id, cls = 'pic') {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', cls);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `${SPRITE}#${id}`);
  svg.appendChild(use);
  return svg;
}

/** The picture of a card. */
export const picture = (name) => icon(symbolId(name));

/**
 * Printed victory points (tests/test_icons.py checks them against the engine's
 * cards): "*" when they depend on the deck (Gardens, Duke).
 */
export const VP = {
  Estate: 1, Duchy: 3, Province: 6, Colony: 10, Curse: -1,
  'Great Hall': 1, Harem: 2, Mill: 1, Nobles: 2, Gardens: '*', Duke: '*',
};

/** The type classes of a card's tile: "t-action t-attack" (css/card.css colours them). */
export function typeClasses(types) {
  return types.map((ty) => `t-${ty.toLowerCase()}`).join(' ');
}

/** A coin with the cost in it (`text`: "$4" or a changed cost's markup). */
export const coin = (...text) => h('span', { class: 'coin', 'aria-hidden': 'true' }, ...text);

/** The VP shield of a Victory or Curse card, or null. */
export function shield(name) {
  const vp = VP[name];
  return vp == null ? null : h('span', { class: `shield ${vp < 0 ? 'neg' : ''}`, 'aria-hidden': 'true' }, String(vp));
}

/** The parts of a face that are pictures (the name and its words stay the caller's). */
export function faceArt(name, { cost = null, vp = true } = {}) {
  return [h('span', 'art', picture(name)), cost != null ? coin(cost) : null, vp ? shield(name) : null];
}
