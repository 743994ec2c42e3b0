// Motion with meaning, short and never in the way (issue 23): between two
// drawings of the table, a card played moves from the hand to the play area, a
// card drawn slides into the hand, a card gained flies from its pile to where
// it goes, a card trashed flies to the trash; coins and VP count up. Nothing
// moves under prefers-reduced-motion. The redraw is the truth: motion only
// starts from where things were (FLIP with the Web Animations API), it never
// delays or changes what the page shows or the state.

import { icon, symbolId } from './card.js';

const reduced = matchMedia('(prefers-reduced-motion: reduce)');
const MS = 260;
const EASE = 'cubic-bezier(.2,.8,.2,1)';

let last = null; // what the previous drawing showed

/** Where each card showed, by zone, and the numbers that count up. */
function snapshot(main) {
  const table = main.querySelector('#table');
  if (!table) return null;
  const zone = (sel) => {
    const out = new Map();
    for (const el of table.querySelectorAll(`${sel} .card[data-card]`)) {
      const list = out.get(el.dataset.card) || [];
      list.push(el.getBoundingClientRect());
      out.set(el.dataset.card, list);
    }
    return out;
  };
  const piles = new Map([...table.querySelectorAll('#supply .card[data-card]')]
    .map((el) => [el.dataset.card, { n: Number(el.dataset.count), rect: el.getBoundingClientRect() }]));
  const trash = table.querySelector('#trash summary');
  return {
    game: main.dataset.version ? location.hash : null,
    hand: zone('#hand'), play: zone('#in-play'), piles, trash: zone('#trash'),
    trashAt: trash ? trash.getBoundingClientRect() : null,
  };
}

const count = (m, name) => (m.get(name) || []).length;

/** Move `el` from `from` (a rect) to where it is now. */
function flip(el, from) {
  const to = el.getBoundingClientRect();
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  if (!dx && !dy) return;
  el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: MS, easing: EASE });
}

/** A card's picture flying from one rect to another, then gone. */
function fly(name, from, to) {
  if (!from || !to) return;
  const ghost = icon(symbolId(name), 'pic ghost');
  document.body.appendChild(ghost);
  const at = (r) => `translate(${r.left + r.width / 2 - 18}px, ${r.top + r.height / 2 - 18}px)`;
  ghost.animate([{ transform: at(from), opacity: 1 }, { transform: at(to), opacity: 0.2 }], { duration: MS * 1.6, easing: EASE })
    .finished.finally(() => ghost.remove());
}

/** Numbers that changed count from the old value to the new one (beside the real one, which is final). */
function countUp(el, from, to) {
  if (!el || from === to || Number.isNaN(from) || Number.isNaN(to)) return;
  const shown = document.createElement('span');
  shown.className = 'counting';
  shown.setAttribute('aria-hidden', 'true');
  el.classList.add('counted');
  el.after(shown);
  const start = performance.now();
  const prefix = el.textContent.startsWith('$') ? '$' : '';
  const step = (now) => {
    const k = Math.min(1, (now - start) / (MS * 1.5));
    shown.textContent = `${prefix}${Math.round(from + (to - from) * k)}`;
    if (k < 1 && shown.isConnected) requestAnimationFrame(step);
    else { shown.remove(); el.classList.remove('counted'); }
  };
  step(start);
}

/** The coins and each player's VP as shown: {'coins' | seat -> number}. */
function numbers(main) {
  const value = (b) => Number(b.textContent.replace('$', ''));
  const out = new Map([...main.querySelectorAll('#vp-line [data-seat] b')].map((b) => [b.parentElement.dataset.seat, value(b)]));
  const coins = main.querySelector('#stat-coins b');
  if (coins) out.set('coins', value(coins));
  return out;
}

/** Call before a redraw of <main>: remembers where the cards are. */
export function beforeDraw(main) {
  last = reduced.matches ? null : { ...snapshot(main), numbers: numbers(main) };
}

/** Call after the redraw: moves what moved. */
export function afterDraw(main) {
  const was = last;
  last = null;
  if (!was || reduced.matches) return;
  const now = snapshot(main);
  if (!now || !was.game || now.game !== was.game) return;
  const handEls = (name) => [...main.querySelectorAll(`#hand .card[data-card="${CSS.escape(name)}"]`)];
  const playEls = (name) => [...main.querySelectorAll(`#in-play .card[data-card="${CSS.escape(name)}"]`)];
  const names = new Set([...was.hand.keys(), ...now.hand.keys(), ...now.play.keys(), ...now.piles.keys()]);
  for (const name of names) {
    const left = was.hand.get(name) || [];
    const played = count(now.play, name) - count(was.play, name);
    const gained = (was.piles.get(name)?.n ?? 0) - (now.piles.get(name)?.n ?? 0);
    const fromPile = was.piles.get(name)?.rect;
    // Played: from the hand to the play area.
    if (played > 0 && count(now.hand, name) < left.length) playEls(name).slice(-played).forEach((el, i) => flip(el, left[i] || left[0]));
    // Into the hand: gained there from its pile, or drawn (from below, where the deck is).
    const added = count(now.hand, name) - left.length;
    if (added > 0) {
      handEls(name).slice(-added).forEach((el) => {
        if (gained > 0 && fromPile) flip(el, fromPile);
        else el.animate([{ transform: 'translateY(24px)', opacity: 0 }, { transform: 'none', opacity: 1 }], { duration: MS, easing: EASE });
      });
    } else if (gained > 0 && fromPile) {
      // Gained elsewhere (discard, deck): towards the bottom bar, where the player's cards are.
      const h = innerHeight;
      fly(name, fromPile, { left: innerWidth / 2 - 18, top: h - 60, width: 36, height: 36 });
    }
  }
  // Trashed: from the hand or the play area to the trash.
  for (const name of now.trash.keys()) {
    if (count(now.trash, name) <= count(was.trash, name)) continue;
    const from = count(now.hand, name) < count(was.hand, name) ? was.hand.get(name)[0]
      : count(now.play, name) < count(was.play, name) ? was.play.get(name)[0] : null;
    fly(name, from, now.trashAt);
  }
  const after = numbers(main);
  for (const [key, to] of after) {
    const from = was.numbers.get(key);
    if (from != null && to > from) {
      const b = key === 'coins' ? main.querySelector('#stat-coins b') : main.querySelector(`#vp-line [data-seat="${key}"] b`);
      countUp(b, from, to);
    }
  }
}
