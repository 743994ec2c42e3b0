// "Game statistics" of a finished game (#/g/<id>/stats): VP, coins and gains as
// line charts with a table of the same figures for screen readers, the totals, and
// each final deck. Loaded on demand (lazy.js), never preloaded by the page.

import { h, section } from '../dom.js';
import { t, money, cardName } from '../i18n.js';
import { api } from '../api.js';
import { state, changed, gameHash } from '../store.js';
import { cardButton } from '../cards.js';
import { lineChart, swatch } from './charts.js';

/** Fetch the statistics of game `id` into state.ui.stats (once per opening). */
function load(id) {
  const ui = { id, data: null, error: null };
  state.ui.stats = ui;
  api.stats(id).then((res) => { ui.data = res.data; }, (e) => {
    ui.error = e.code === 'game_not_over' ? t('stats.notOver')
      : e.code === 'game_not_found' ? t('stats.notFound') : t('err.generic', { msg: e.message });
  }).finally(changed);
}

/** The names of the seats, for legends and table headings. */
const names = (data) => data.players.map((p) => p.name);

/** Each player's points after each turn of the game (x: the turn's number). */
function vpSeries(data) {
  return names(data).map((name, s) => ({ name, points: data.turns.map((tu) => [tu.number, tu.vp[s]]) }));
}

/** Each player's coins in each of their own turns (x: their 1st, 2nd... turn). */
function coinSeries(data) {
  return names(data).map((name, s) => ({
    name, points: data.turns.filter((tu) => tu.seat === s).map((tu, i) => [i + 1, tu.coins ?? 0]) }));
}

/** Cards each player had gained so far after each turn. */
function gainedSeries(data) {
  return names(data).map((name, s) => {
    let sum = 0;
    return { name, points: data.turns.map((tu) => [tu.number, (sum += tu.gains[s].length)]) };
  });
}

function chart(id, title, xLabel, series) {
  return section({ class: 'panel stats-chart', id },
    title,
    lineChart({ label: title, xLabel, series, id: `${id}-svg` }),
    h('ul', { class: 'deck-list legend', 'aria-hidden': 'true' },
      series.map((se, i) => h('li', null, swatch(i), ' ', se.name))));
}

/** Every turn as a row: the charts' figures for screen readers. */
function turnTable(data) {
  const who = names(data);
  // In a hidden box: a table's width never goes below its content's, the box's does.
  return h('div', 'sr-only', h('table', { id: 'stats-table' },
    h('caption', null, t('stats.table')),
    h('thead', null, h('tr', null,
      [t('stats.turn'), t('stats.player'), t('stats.coins'), t('stats.gainedNow')].map((x) => h('th', { scope: 'col' }, x)),
      who.map((n) => h('th', { scope: 'col' }, t('stats.vpOf', { name: n }))))),
    h('tbody', null, data.turns.map((tu) => h('tr', null,
      h('th', { scope: 'row' }, String(tu.number)),
      h('td', null, who[tu.seat]),
      h('td', null, tu.coins == null ? '–' : money(tu.coins)),
      h('td', null, tu.gains[tu.seat].length ? tu.gains[tu.seat].map(cardName).join(', ') : '–'),
      tu.vp.map((v) => h('td', null, String(v))))))));
}

function totals(data) {
  return h('table', { class: 'scores', id: 'stats-totals' },
    h('caption', 'sr-only', t('stats.totals')),
    h('thead', null, h('tr', null, [t('stats.player'), t('end.vp'), t('opp.turns'), t('stats.shuffles'), t('stats.gained')]
      .map((x, i) => h('th', { scope: 'col', class: i ? 'num' : null }, x)))),
    h('tbody', null, data.players.map((p) => h('tr', { 'data-seat': p.seat },
      h('th', { scope: 'row' }, p.name),
      h('td', 'num', String(p.vp)), h('td', 'num', String(p.turns)),
      h('td', 'num', String(p.shuffles)), h('td', 'num', String(p.gained))))));
}

function decks(data) {
  return data.players.map((p) => section({ class: 'panel', id: `stats-deck-${p.seat}`, 'data-deck': p.seat },
    t('end.deck', { name: p.name }),
    h('ul', 'deck-list', Object.entries(p.cards).map(([card, n]) =>
      h('li', null, `${n}× `, cardButton(card, { small: true }))))));
}

/** The statistics of game `id` as loaded so far (asks for them the first time). */
function current(id) {
  if (state.ui.stats?.id !== id) load(id);
  return state.ui.stats;
}

/** The end screen's chart: VP after each turn, with the link to all the statistics. */
export function vpPreview(id) {
  const data = current(id).data;
  return data ? chart('chart-vp', t('stats.vp'), t('stats.turn'), vpSeries(data)) : null;
}

export function statsScreen({ id }) {
  const now = current(id);
  const back = h('p', null, h('a', { href: gameHash(id), id: 'stats-back' }, t('stats.back')));
  const title = h('h1', { tabindex: '-1' }, t('stats.title'));
  if (now.error) return h('div', { id: 'stats' }, title, h('p', { class: 'panel', role: 'alert' }, now.error), back);
  if (!now.data) return h('div', { id: 'stats' }, title, h('p', { role: 'status' }, t('common.loading')));
  const data = now.data;
  const coinsKnown = data.turns.every((tu) => tu.coins != null);
  return h('div', { id: 'stats', 'data-turns': data.turns.length },
    title, back,
    data.end_reason ? h('p', null, t(`end.reason.${data.end_reason}`), ' ', t('stats.turnsAll', { n: data.turns.length })) : null,
    totals(data),
    chart('chart-vp', t('stats.vp'), t('stats.turn'), vpSeries(data)),
    coinsKnown ? chart('chart-coins', t('stats.coinsChart'), t('stats.ownTurn'), coinSeries(data))
      : h('p', 'muted', t('stats.noCoins')),
    chart('chart-gained', t('stats.gainedChart'), t('stats.turn'), gainedSeries(data)),
    turnTable(data),
    decks(data));
}
