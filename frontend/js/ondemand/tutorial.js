// "Learn to play": a guided first game against a gentle bot on the First Game kingdom.
//
// Nothing here changes the game: the tutorial is an ordinary game made with the
// existing API (the First Game preset, one bot, a fixed seed), and its hints come
// from the state the client already has (the view and the log). One hint at a
// time, in a bubble at the top of the screen that never covers the phase buttons
// or a decision's confirm and never takes the focus; each hint shows once. The
// progress (the game, the hints seen, done or skipped) is kept on this device.
// Loaded on demand: by the home form's "Learn to play", or by main.js when the
// tutorial's game opens; its strings (lang/tutorial/<lang>.js) and styles too.

import { h } from '../dom.js';
import { t, has, lang, loadStrings, addStrings, cardName, money } from '../i18n.js';
import { api } from '../api.js';
import { state, changed, working, notify, saveSeat, gameHash, tutorialProgress, TUTORIAL } from '../store.js';
import { info } from '../cards.js';

/**
 * The tutorial's opponent: the gentle bot (`easy`: money, a few cheap
 * Actions, one Attack at most).
 */
export const TUTORIAL_BOT = 'easy';
/** The First Game kingdom of the current (2nd edition) rulebook. */
export const PRESET = 'first-game-2e';
/** A fixed shuffle: every tutorial starts with the same deal (a $4/$3 opening). */
export const SEED = 2024;

// Kingdom cards of the First Game whose text has +Cards, +Actions or +Buy.
const PLUS = new Set(['Cellar', 'Moat', 'Merchant', 'Village', 'Smithy', 'Market', 'Woodcutter']);

/**
 * The hints in order of precedence, each with its moment: a test of the
 * situation `s` (see `situation`). The first hint not seen yet whose moment
 * has come is shown; it stays until dismissed or until its moment is over.
 */
const HINTS = [
  ['end', (s) => s.v.game_over],
  ['militia', (s) => s.attacked],
  ['welcome', (s) => s.mine && s.me.turns === 1 && s.v.turn.phase === 'action'],
  ['action', (s) => s.mine && s.v.turn.phase === 'action' && s.hand.some((c) => info(c).types.includes('Action'))],
  ['plus', (s) => s.mine && s.v.turn.phase === 'action' && s.hand.some((c) => PLUS.has(c))],
  ['treasures', (s) => s.mine && s.legal.has('play_treasures')],
  ['buy', (s) => s.buying],
  ['silver', (s) => s.buying && s.me.turns <= 4 && s.v.turn.coins >= 3 && s.v.turn.coins < 6],
  ['province', (s) => s.buying && (s.v.turn.coins >= 8 || s.provinces <= 6)],
  ['reshuffle', (s) => s.mine && s.shuffled],
  ['ending', (s) => s.provinces <= 3],
];
const MOMENT = Object.fromEntries(HINTS);

/** What the hints look at, from the seat's view and the log. */
function situation(g) {
  const v = g.view;
  const me = v.players[v.seat];
  const mine = v.turn.seat === v.seat && !v.decision && !v.game_over;
  const legal = new Set((v.legal || []).map((c) => c.type));
  const prompt = v.decision?.seat === v.seat ? v.decision.prompt : null;
  return {
    v,
    me,
    mine,
    legal,
    hand: me.hand || [],
    buying: mine && v.turn.phase === 'buy' && v.turn.buys > 0 && legal.has('buy'),
    // Militia's discard, or the chance to reveal Moat against it (the only Attack of the kingdom).
    attacked: prompt === 'militia.discard' || (prompt === 'reaction.reveal' && v.turn.seat !== v.seat),
    shuffled: (g.log || []).some((e) => e.type === 'shuffle' && e.seat === v.seat),
    provinces: (v.supply.find((p) => p.card === 'Province') || { count: 8 }).count,
  };
}

function save(p) {
  try { localStorage.setItem(TUTORIAL, JSON.stringify(p)); } catch (e) { /* private mode: this visit only */ }
}

// The strings and styles, once a language (and once at all for the styles).
const tables = {};
let styles = null;

/** Load what the hints need in language `l`; the page counts it as work (not idle meanwhile). */
function ensure(l) {
  if (!styles) {
    const link = h('link', { rel: 'stylesheet', href: new URL('../../css/tutorial.css', import.meta.url).href });
    styles = new Promise((ok) => { link.onload = ok; link.onerror = ok; });
    document.head.append(link);
  }
  if (!tables[l]) {
    working(1);
    tables[l] = Promise.all([loadStrings(l), import(`../lang/tutorial/${l}.js`), styles])
      .then(([, m]) => { addStrings(l, m.default); tables[l] = true; changed(); })
      .catch(() => { tables[l] = null; }) // offline: tried again at the next redraw
      .finally(() => working(-1));
  }
  return tables[l];
}

let starting = false;

/**
 * Start the tutorial: a new game as `name` against the gentle bot, then open it.
 * A failure shows as a notice (nothing is created then).
 */
export async function start(go, name) {
  if (starting) return;
  starting = true;
  working(1);
  try {
    await ensure(lang());
    const me = (name || '').trim() || t('common.you');
    const d = (await api.createGame({
      seats: [{ kind: 'human', name: me }, { kind: 'bot', bot: TUTORIAL_BOT, name: t('tutorial.bot') }],
      creator_seat: 0,
      preset: PRESET,
      seed: SEED,
    })).data;
    saveSeat(d.id, d, me);
    save({ game: d.id, seen: [], done: false, skipped: false });
    current = null;
    go(gameHash(d.id));
  } catch (e) {
    notify('error', has('tutorial.failed') ? t('tutorial.failed') : t('err.offline'));
  } finally {
    starting = false;
    working(-1);
  }
}

let current = null; // the hint shown now (its id), until dismissed or its moment is over
let bubble = null;
let drawn = ''; // what the bubble shows ("hint/lang/args"), so a redraw keeps it as it is

function dismiss() {
  current = null;
  changed();
}

function skip() {
  save({ ...tutorialProgress(), done: true, skipped: true });
  current = null;
  changed();
}

/** The words a hint's text names: cards in the page's language, the bar's button, the coins. */
function words(s) {
  const cards = {
    copper: 'Copper', estate: 'Estate', silver: 'Silver', gold: 'Gold', duchy: 'Duchy', province: 'Province',
    smithy: 'Smithy', market: 'Market', village: 'Village', militia: 'Militia', moat: 'Moat',
  };
  const out = Object.fromEntries(Object.entries(cards).map(([k, c]) => [k, cardName(c)]));
  out.button = t('btn.playTreasures');
  out.coins = money(s.v.turn.coins);
  out.name = s.v.players[s.v.turn.seat]?.name || '';
  return out;
}

/** The hint to show now for the tutorial's progress `p` (null: none). */
function choose(s, p) {
  if (current && MOMENT[current](s)) return current;
  current = null;
  for (const [id, moment] of HINTS) {
    if (!p.seen.includes(id) && moment(s)) {
      current = id;
      p.seen.push(id);
      if (id === 'end') p.done = true; // played to its end: done
      save(p);
      break;
    }
  }
  return current;
}

/** Draw (or hide) the hint bubble; main.js calls this on every redraw. */
export function render() {
  const g = state.game;
  const p = tutorialProgress();
  const on = state.route.name === 'game' && g?.view?.players && p.game === g.id && !p.skipped
    && (!p.done || current === 'end');
  const l = lang();
  let id = null;
  if (on && ensure(l) === true) {
    p.seen = Array.isArray(p.seen) ? p.seen : [];
    const s = situation(g);
    id = choose(s, p);
    if (id) show(id, s, l);
  }
  if (!id && bubble) { bubble.hidden = true; drawn = ''; }
}

function show(id, s, l) {
  if (!bubble) {
    // Built once: its text is a live region that speaks each new hint without taking the focus.
    bubble = h('aside', { id: 'tutor', class: 'tutor' },
      h('p', { id: 'tutor-text', role: 'status' }),
      h('div', 'row',
        h('button', { id: 'tutor-ok', onclick: dismiss }),
        h('button', { id: 'tutor-skip', class: 'secondary', onclick: skip })));
    document.body.append(bubble);
  }
  const text = t(`tutorial.${id}`, words(s));
  bubble.hidden = false;
  if (drawn === `${id}/${l}/${text}`) return; // unchanged
  drawn = `${id}/${l}/${text}`;
  bubble.dataset.hint = id;
  bubble.setAttribute('aria-label', t('tutorial.label'));
  bubble.querySelector('#tutor-text').textContent = text;
  bubble.querySelector('#tutor-ok').textContent = t('tutorial.gotIt');
  bubble.querySelector('#tutor-skip').textContent = t('tutorial.skip');
}
