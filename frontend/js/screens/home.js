// Home: create, join or resume a game; also the join screen of an invite link.

import { h, field, section } from '../dom.js';
import { t, has, cardName, lang, list } from '../i18n.js';
import { api, ApiError } from '../api.js';
import { state, changed, saveSeat, loadSeat, listSeats, forgetSeat, gameHash, tutorialProgress } from '../store.js';
import { cardButton } from '../cards.js';
import { headline } from './end.js';
import { asyncFields, asyncBody } from './absence.js';

const FORM_KEY = 'dominion.home';
// The three levels, each with a line on what it is (botInfo), then the two baselines.
const LEVELS = ['easy', 'medium', 'hard'];
const BASELINES = ['big-money', 'smithy-big-money'];
const SETS = ['base', 'intrigue', 'prosperity'];
const EDITIONS = ['1', '2'];
// The cards whose rules differ between the editions (rules.md 9).
const EDITION_CARDS = ['Throne Room', 'Mine', 'Moneylender', 'Masquerade'];
const REQS = ['village', 'plus-buy', 'trashing', 'draw'];
const BANDS = ['2-3', '4', '5+'];

function defaults() {
  return {
    seats: [{ kind: 'me', name: '' }, { kind: 'bot', bot: 'medium' }],
    mode: 'random',
    preset: null,
    edition: '2',
    editionPreset: null, // the preset whose edition `edition` was last set from
    rnd: { sets: ['base'], editions: ['1', '2'], include: '', ban: '', require: [], reaction: true, spread: { '2-3': 0, 4: 0, '5+': 0 }, colony: 'auto', seed: '' },
    picked: [],
    reminder: null, // async games: hours, or null (never / no deadline)
    deadline: null,
  };
}

function form() {
  if (!state.ui.home) {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(FORM_KEY) || 'null'); } catch (e) { saved = null; }
    // A form stored before the levels names the Medium bot by its old name.
    for (const s of saved?.seats || []) if (s.bot === 'generic') s.bot = 'medium';
    state.ui.home = { ...defaults(), ...(saved || {}), rolled: null, busy: false, error: null, join: '' };
  }
  return state.ui.home;
}

function persist() {
  const f = form(); // kept: the fields of defaults(), not the form's passing state
  const kept = Object.fromEntries(Object.keys(defaults()).map((k) => [k, f[k]]));
  try { localStorage.setItem(FORM_KEY, JSON.stringify(kept)); } catch (e) { /* ignore */ }
}

/** "Play again": the form picks the finished game's kingdom. */
export function prefillFrom(view) {
  const f = form();
  f.mode = 'pick';
  f.picked = [...(view.kingdom || [])];
  f.rolled = null;
  persist();
}

function splitNames(text) {
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

// Only kingdom cards (not basic) may be picked, included or banned.
function kingdomCards() {
  return Object.values(state.catalog).filter((c) => !c.basic)
    .sort((a, b) => a.cost - b.cost || a.local_name.localeCompare(b.local_name));
}

/** Typed names (any language) to English names. */
function toEnglish(names) {
  const byLocal = {};
  for (const c of Object.values(state.catalog)) {
    byLocal[c.name.toLowerCase()] = c.name;
    byLocal[(c.local_name || c.name).toLowerCase()] = c.name;
  }
  return names.map((n) => byLocal[n.toLowerCase()] || n);
}

function randomQuery(f, seed) {
  const r = f.rnd;
  const q = {
    sets: r.sets,
    editions: r.editions,
    include: toEnglish(splitNames(r.include)),
    ban: toEnglish(splitNames(r.ban)),
    require: r.require,
    reaction: String(r.reaction),
    colony: r.colony === 'auto' ? null : r.colony,
    seed: seed !== undefined ? seed : (r.seed.trim() || null),
  };
  const spread = BANDS.filter((b) => Number(r.spread[b]) > 0).map((b) => `${b}:${Number(r.spread[b])}`);
  if (spread.length) q.spread = spread.join(',');
  return q;
}

/** Run `work` with form `f` busy (its buttons off); a failure shows as `f.error`. */
async function busy(f, work, failure = errorText) {
  f.busy = true;
  f.error = null;
  changed();
  try {
    await work();
  } catch (e) {
    f.error = failure(e);
  }
  f.busy = false;
  changed();
}

function roll(reroll) {
  const f = form();
  // A re-roll ignores a typed seed (it would give the same kingdom again).
  return busy(f, async () => { f.rolled = (await api.randomKingdom(randomQuery(f, reroll ? null : undefined))).data; },
    (e) => { f.rolled = null; return errorText(e); });
}

function errorText(e) {
  if (e instanceof ApiError) {
    const p = e.problem || {};
    // The server explains in English: other languages get our sentence for what a player can cause here.
    if (lang() !== 'en' && e.code && has(`problem.${e.code}`)) return t(`problem.${e.code}`);
    return p.detail || p.title || e.message;
  }
  return t('err.offline');
}

const presetOf = (f) => (state.presets || []).find((x) => x.key === f.preset);

function chosenKingdom(f) {
  if (f.mode === 'preset') {
    const p = presetOf(f);
    return p ? { cards: p.cards, preset: p } : null;
  }
  if (f.mode === 'pick') return f.picked.length === 10 ? { cards: f.picked } : null;
  const r = f.rolled;
  return r ? { cards: r.cards, colony: r.colony } : null;
}

function createBody(f, k) {
  // Bots are named in the creator's language ("Velké peníze 2"), as a friend would name them.
  const seats = f.seats.map((s, i) => (s.kind === 'bot'
    ? { kind: 'bot', bot: s.bot || 'medium', name: `${t(`bot.${s.bot || 'medium'}`)} ${i + 1}` }
    : s.kind === 'me' ? { kind: 'human', name: (s.name || '').trim() || t('common.you') } : { kind: 'human' }));
  const body = { seats, creator_seat: f.seats.findIndex((s) => s.kind === 'me') };
  if (f.mode === 'preset' && k.preset) body.preset = k.preset.key;
  else body.kingdom = k.cards;
  // Sent only where it differs from the server's default, so a server without editions still works.
  const edition = f.edition === '1' ? '1' : '2';
  const usual = f.mode === 'preset' && k.preset?.edition === '1' ? '1' : '2';
  if (edition !== usual) body.edition = edition;
  // A rolled kingdom keeps the Platinum/Colony outcome its preview showed.
  if (f.mode === 'random' && f.rnd.colony === 'auto' && typeof k.colony === 'boolean') body.colony = k.colony ? 'on' : 'off';
  else body.colony = f.rnd.colony;
  return { ...body, ...asyncBody(f) };
}

async function create(go) {
  const f = form();
  const k = chosenKingdom(f);
  if (!k) { f.error = t('home.needKingdom'); changed(); return; }
  persist();
  await busy(f, async () => {
    const d = (await api.createGame(createBody(f, k))).data;
    saveSeat(d.id, d, f.seats.find((s) => s.kind === 'me').name);
    go(gameHash(d.id));
  });
}

/** The route an invite link, a game link or a bare code typed by the player opens (null: none). */
function inviteRoute(text) {
  const s = text.trim();
  const link = s.match(/#\/(join|g)\/[^?\s]+/);
  if (link) return link[0];
  return /^[A-Za-z0-9 -]{4,20}$/.test(s) ? `#/join/_/${s.replace(/[\s-]/g, '').toUpperCase()}` : null;
}

function seatRow(f, s, i) {
  const idx = i + 1;
  if (s.kind === 'me') {
    return h('div', 'seat',
      field(t('home.yourName'),
        h('input', { type: 'text', id: 'my-name', maxlength: 40, autocomplete: 'nickname', value: s.name || '', required: true,
          oninput: (e) => { s.name = e.target.value; persist(); } })));
  }
  const botOption = (b) => h('option', { value: b, selected: s.kind === 'bot' && s.bot === b }, t('kind.bot', { bot: t(`bot.${b}`) }));
  const kindSel = h('select', {
    id: `seat-kind-${idx}`,
    'data-fk': `seat-kind-${idx}`,
    onchange: (e) => {
      const v = e.target.value;
      if (v === 'human') { s.kind = 'human'; delete s.bot; } else { s.kind = 'bot'; s.bot = v; }
      persist();
      changed();
    },
  },
  h('option', { value: 'human', selected: s.kind === 'human' }, t('kind.human')),
  LEVELS.map(botOption),
  h('optgroup', { label: t('kind.other') }, BASELINES.map(botOption)));
  const info = `botInfo.${s.bot}`;
  return h('div', 'seat',
    field(t('home.kind', { n: idx }), kindSel),
    h('span', { class: 'muted', id: `seat-info-${idx}` }, s.kind === 'bot' && has(info) ? t(info) : null),
    f.seats.length > 2 ? h('button', {
      class: 'secondary', 'data-fk': `seat-rm-${idx}`,
      onclick: () => { f.seats.splice(i, 1); persist(); changed(); },
    }, '✕', h('span', 'sr-only', t('home.removeSeat', { n: idx }))) : null);
}

function toggleIn(list, v, on) {
  const i = list.indexOf(v);
  if (on && i < 0) list.push(v);
  if (!on && i >= 0) list.splice(i, 1);
}

function presetPanel(f) {
  if (!state.presets) return h('p', null, t('common.loading'));
  const list = state.presets;
  if (!f.preset || !list.some((p) => p.key === f.preset)) {
    const first = list.find((p) => p.available);
    f.preset = first ? first.key : null;
  }
  presetEdition(f);
  return field(t('home.preset'),
    h('select', { id: 'preset', 'data-fk': 'preset', onchange: (e) => { f.preset = e.target.value; presetEdition(f); persist(); changed(); } },
      list.map((p) => h('option', { value: p.key, selected: p.key === f.preset, disabled: !p.available },
        `${(p.names && p.names[lang()]) || p.name} (${p.sets.map((s) => t(`set.${s}`)).join(' + ')})${p.available ? '' : ` ${t('home.presetUnavailable')}`}`))));
}

/** A newly picked preset plays the edition of its rulebook (the player may still change it). */
function presetEdition(f) {
  if (f.editionPreset === f.preset) return;
  const p = presetOf(f);
  if (!p) return;
  if (p.edition === '1' || p.edition === '2') f.edition = p.edition;
  f.editionPreset = f.preset;
}

function editionField(f) {
  return field(t('home.edition'),
    h('select', {
      id: 'edition', 'data-fk': 'edition',
      onchange: (e) => { f.edition = e.target.value; persist(); changed(); },
    }, EDITIONS.map((v) => h('option', { value: v, selected: (f.edition || '2') === v }, t(`edition.${v}`)))),
    h('span', 'small muted note', t('home.editionHint', { cards: list(EDITION_CARDS.map(cardName)) })));
}

function pickPanel(f) {
  const cards = kingdomCards();
  return h('fieldset', null,
    h('legend', { id: 'pick-count', 'aria-live': 'polite' }, t('pick.count', { n: f.picked.length })),
    h('div', 'pick-grid', cards.map((c) => h('label', 'check',
      h('input', {
        type: 'checkbox', name: 'pick', value: c.name, 'data-fk': `pick-${c.name}`,
        checked: f.picked.includes(c.name),
        disabled: !f.picked.includes(c.name) && f.picked.length >= 10,
        onchange: (e) => { toggleIn(f.picked, c.name, e.target.checked); persist(); changed(); },
      }),
      `${c.local_name} ($${c.cost})`))));
}

function randomPanel(f) {
  const r = f.rnd;
  const group = (legend, name, values, chosen, prefix) => h('fieldset', null, h('legend', null, t(legend)),
    values.map((v) => h('label', 'check',
      h('input', { type: 'checkbox', name, value: v, checked: chosen.includes(v), 'data-fk': `${name}-${v}`,
        onchange: (e) => { toggleIn(chosen, v, e.target.checked); persist(); } }),
      t(`${prefix}.${v}`))));
  const text = (key, prop, attrs) => field(t(key),
    h('input', { type: 'text', id: `rnd-${prop}`, value: r[prop], oninput: (e) => { r[prop] = e.target.value; persist(); }, ...attrs }));
  return h('div', { id: 'randomizer' },
    group('rnd.sets', 'set', SETS, r.sets, 'set'),
    group('rnd.editions', 'edition', EDITIONS, r.editions, 'edition'),
    h('details', { id: 'rnd-more', open: !!f.more, ontoggle: (e) => { f.more = e.target.open; } },
      h('summary', null, t('rnd.more')),
      h('datalist', { id: 'card-names' }, kingdomCards().map((c) => h('option', { value: c.local_name }))),
      text('rnd.include', 'include', { list: 'card-names' }),
      text('rnd.ban', 'ban', { list: 'card-names' }),
      group('rnd.require', 'require', REQS, r.require, 'req'),
      h('label', 'check',
        h('input', { type: 'checkbox', id: 'rnd-reaction', checked: r.reaction, onchange: (e) => { r.reaction = e.target.checked; persist(); } }),
        t('rnd.reaction')),
      h('fieldset', null, h('legend', null, t('rnd.spread')),
        h('div', 'spread', BANDS.map((b) => h('label', 'field',
          h('span', 'small', t('rnd.band', { band: `$${b}` })),
          h('input', { type: 'number', min: 0, max: 10, inputmode: 'numeric', id: `spread-${b}`, value: String(r.spread[b] || 0),
            oninput: (e) => { r.spread[b] = Math.max(0, Math.min(10, Number(e.target.value) || 0)); persist(); } }))))),
      text('rnd.seed', 'seed', { inputmode: 'numeric' })),
    h('div', 'row',
      h('button', { id: 'roll', 'data-fk': 'roll', disabled: f.busy, onclick: () => roll(false) }, t('rnd.roll'))));
}

// Platinum/Colony for every way of choosing the kingdom ("official rule" by default).
function colonyField(f) {
  const r = f.rnd;
  return field(t('rnd.colony'),
    h('select', {
      id: 'rnd-colony',
      onchange: (e) => { r.colony = e.target.value; persist(); changed(); },
    }, ['auto', 'on', 'off'].map((v) => h('option', { value: v, selected: r.colony === v }, t(`colony.${v}`)))));
}

/** "With Platinum and Colony (chance 40 %)." */
export function colonyText(colony, odds) {
  return t(colony ? 'rnd.colonyYes' : 'rnd.colonyNo', { p: Math.round((odds || 0) * 100) });
}

function colonyUsed(f, rolled) {
  return f.rnd.colony === 'auto' ? rolled.colony : f.rnd.colony === 'on';
}

/** Platinum/Colony for a preset or picked kingdom: the server's official rule unless forced. */
function colonyLine(f, cards) {
  const known = cards.filter((c) => state.catalog[c]);
  if (!known.length) return null;
  const odds = known.filter((c) => state.catalog[c].set === 'prosperity').length / known.length;
  const p = Math.round(odds * 100);
  let key;
  if (f.rnd.colony === 'on') key = 'rnd.colonyYes';
  else if (f.rnd.colony === 'off' || odds === 0) key = odds === 0 && f.rnd.colony === 'auto' ? null : 'rnd.colonyNo';
  else key = odds === 1 ? 'rnd.colonyYes' : 'rnd.colonyLater';
  return key ? h('p', { class: 'small', id: 'colony-line', 'data-odds': p }, t(key, { p })) : null;
}

function preview(f) {
  const k = chosenKingdom(f);
  if (!k) return f.mode === 'pick' ? h('p', 'muted', t('pick.need')) : null;
  const cost = (c) => state.catalog[c]?.cost || 0;
  const cards = [...k.cards].sort((a, b) => cost(a) - cost(b) || cardName(a).localeCompare(cardName(b)));
  const r = f.mode === 'random' ? f.rolled : null;
  return h('section', { class: 'panel', id: 'kingdom-preview', 'aria-labelledby': 'preview-title' },
    h('h3', { id: 'preview-title' }, t('home.preview')),
    h('div', 'kingdom-preview', cards.map((c) => cardButton(c, { small: true }))),
    r ? h('p', { class: 'small', id: 'colony-line' }, colonyText(colonyUsed(f, r), r.colony_odds)) : null,
    r ? null : colonyLine(f, k.cards),
    // The kingdom as text, in the local names (the include and ban fields read them back).
    r ? h('p', 'small muted', `${t('rnd.asText')}: `,
      h('span', { id: 'as-text' }, r.cards.map(cardName).sort((a, b) => a.localeCompare(b, lang())).join(', '))) : null,
    r?.unmet?.length ? h('div', { class: 'small', id: 'unmet', role: 'status' },
      h('p', null, t('rnd.unmet')), h('ul', null, r.unmet.map((u) => h('li', null, unmetText(u))))) : null,
    f.mode === 'random' ? h('button', { class: 'secondary', id: 'reroll', 'data-fk': 'reroll', disabled: f.busy, onclick: () => roll(true) }, `↻ ${t('rnd.reroll')}`) : null);
}

/** One constraint the server could not meet with the others, in the player's language. */
function unmetText(u) {
  const [kind, arg] = u.constraint.split(/:(.*)/);
  const cards = list(u.cards.map(cardName));
  if (kind === 'include') return t('rnd.unmetInclude', { cards });
  if (kind === 'ban') return t('rnd.unmetBan', { cards });
  if (kind === 'require') return t('rnd.unmetRequire', { what: has(`req.${arg}`) ? t(`req.${arg}`) : arg });
  if (kind === 'cost') return t('rnd.unmetCost', { got: u.got, wanted: u.wanted, band: arg });
  if (kind === 'reaction') return t('rnd.unmetReaction');
  return u.message;
}

function joinBox(go) {
  const f = form();
  const submit = (e) => {
    e.preventDefault();
    const route = inviteRoute(f.join);
    if (route) go(route);
    else { f.error = t('err.badCode'); changed(); }
  };
  return h('form', { class: 'panel', id: 'join-form', onsubmit: submit },
    h('h2', null, t('home.join')),
    field(t('home.joinCode'),
      h('input', { type: 'text', id: 'join-code', autocomplete: 'off', autocapitalize: 'characters', value: f.join,
        oninput: (e) => { f.join = e.target.value; } })),
    h('button', { type: 'submit', id: 'join-go' }, t('home.joinBtn')));
}

// Each stored game as it is now (its resource, or {gone}), fetched again whenever home opens.
const games = {};
let gamesRoute = null;

async function loadGames(stored) {
  if (gamesRoute === state.route) return;
  gamesRoute = state.route;
  await Promise.all(stored.map((s) => api.getGame(s.id, s.token).then((r) => { games[s.id] = r.data; },
    (e) => { games[s.id] = e.status === 404 ? { gone: true } : games[s.id] || {}; })));
  // The installed app's badge: the games waiting for you (as the server's pushes count them).
  if (navigator.setAppBadge) navigator.setAppBadge(stored.filter(waits).length).catch(() => {});
  changed();
}

/** The stored game `g` waits for this device's seat to act. */
function waits(g) {
  const d = games[g.id];
  return d?.status === 'active' && !!d.view?.awaiting?.includes(typeof d.seat === 'number' ? d.seat : g.seat);
}

/** "Bob's turn", "Waiting for 1 more player", "Finished: Bob wins!" */
function gameState(d, me) {
  const v = d.view || {};
  if (d.gone) return t('err.notFound');
  if (d.status === 'waiting') return t('home.waiting', { n: d.seats.filter((x) => x.kind !== 'bot' && !x.joined).length });
  if (v.result) return t('home.finished', { result: headline(v) });
  return !v.turn ? '' : v.turn.seat === me ? t('table.yourTurn') : v.awaiting?.includes(me) ? t('live.move')
    : t('table.theirTurn', { name: v.players[v.turn.seat].name });
}

function yourGames() {
  const stored = listSeats().slice(0, 8);
  if (!stored.length) return null;
  loadGames(stored);
  // The games waiting for you first (then the most recent first, as stored).
  const rows = stored.map((g) => [g, waits(g)]).sort((a, b) => b[1] - a[1]);
  return section({ class: 'panel', id: 'your-games' }, t('home.yourGames'),
    h('ul', 'seats', rows.map(([g, mine]) => {
      const d = games[g.id];
      const me = typeof d?.seat === 'number' ? d.seat : g.seat;
      const others = d?.seats ? d.seats.filter((x) => x.seat !== me && x.name).map((x) => x.name) : [];
      return h('li', { class: 'row', 'data-game': g.id, 'data-status': d ? d.status || 'gone' : '', 'data-mine': String(mine) },
        h('a', { href: gameHash(g.id), class: 'grow game-link' },
          h('b', null, others.length ? t('home.with', { names: list(others) }) : t('home.game', { id: g.id.slice(0, 6) })),
          h('span', mine ? 'small mine' : 'small muted', d ? gameState(d, me) : t('common.loading'))),
        h('button', { class: 'secondary', onclick: () => { forgetSeat(g.id); changed(); } },
          '✕', h('span', 'sr-only', t('home.forget', { id: g.id.slice(0, 6) }))));
    })));
}

let presetsLoading = false;
async function loadPresets() {
  if (presetsLoading || state.presets) return;
  presetsLoading = true;
  try {
    const res = await api.presets();
    state.presets = Array.isArray(res.data) ? res.data : res.data.presets || [];
    changed();
  } catch (e) {
    setTimeout(() => { presetsLoading = false; loadPresets(); }, 3000);
    return;
  }
  presetsLoading = false;
}

export function homeScreen({ go }) {
  const f = form();
  loadPresets();
  if (f.mode === 'random' && !f.rolled && !f.busy && !f.error) queueMicrotask(() => roll(false));
  const modeBtn = (m) => h('button', {
    'aria-pressed': String(f.mode === m), id: `mode-${m}`, 'data-fk': `mode-${m}`,
    onclick: () => { f.mode = m; f.error = null; persist(); changed(); },
  }, t(`mode.${m}`));
  return h('div', { id: 'home' },
    h('h1', null, t('app.title')),
    h('p', 'muted', t('app.tagline')),
    // "Learn to play" (its code comes when asked for).
    h('button', { class: 'secondary', id: 'learn', 'data-done': String(!!tutorialProgress().done),
      onclick: () => import('../ondemand/tutorial.js').then((m) => m.start(go, f.seats.find((s) => s.kind === 'me')?.name)) },
    t(tutorialProgress().done ? 'home.learnAgain' : 'home.learn')),
    yourGames(),
    h('form', { class: 'panel', id: 'create-form', onsubmit: (e) => { e.preventDefault(); create(go); } },
      h('h2', null, t('home.new')),
      h('fieldset', null, h('legend', null, t('home.players')),
        f.seats.map((s, i) => seatRow(f, s, i)),
        f.seats.length < 6 ? h('button', { class: 'secondary', id: 'add-seat', 'data-fk': 'add-seat',
          onclick: () => { f.seats.push({ kind: 'bot', bot: 'medium' }); persist(); changed(); } }, `+ ${t('home.addSeat')}`) : null),
      h('fieldset', null, h('legend', null, t('home.kingdom')),
        h('div', { class: 'tabs', role: 'group', 'aria-label': t('home.kingdom') }, ['preset', 'random', 'pick'].map(modeBtn)),
        f.mode === 'preset' ? presetPanel(f) : f.mode === 'pick' ? pickPanel(f) : randomPanel(f),
        colonyField(f),
        editionField(f),
        preview(f)),
      asyncFields(f, persist),
      f.error ? h('p', { class: 'notice error', role: 'alert', id: 'form-error' }, h('span', 'msg', f.error)) : null,
      h('button', { type: 'submit', id: 'create', disabled: f.busy }, f.busy ? t('home.creating') : t('home.create'))),
    joinBox(go));
}

// --- join screen (from an invite link)

export function joinScreen(params, { go }) {
  const f = form();
  const id = params.id !== '_' && params.id; // '_': a bare code, the server finds its game
  if (id && loadSeat(id)) {
    // This device already has a seat here: the invite just opens the game.
    queueMicrotask(() => go(gameHash(id)));
    return h('p', { role: 'status' }, t('common.loading'));
  }
  const key = `${params.id}/${params.code}`;
  if (state.ui.join?.key !== key) state.ui.join = { key, name: f.seats[0]?.name || '', busy: false, error: null };
  const j = state.ui.join;
  const submit = (e) => {
    e.preventDefault();
    busy(j, async () => {
      const body = { name: j.name.trim() || t('common.you') };
      if (params.code) body.code = params.code;
      const d = (await (id ? api.joinGame(id, body) : api.joinByCode(body))).data;
      const game = d.id || d.game_id || id;
      saveSeat(game, d, body.name);
      go(gameHash(game));
    }, (err) => (err instanceof ApiError && err.status === 409 ? t('join.full') : errorText(err)));
  };
  return h('form', { class: 'panel', id: 'join-seat', onsubmit: submit },
    h('h1', null, t('join.title')),
    params.code ? h('p', null, t('lobby.code', { code: params.code })) : null,
    field(t('home.yourName'),
      h('input', { type: 'text', id: 'join-name', maxlength: 40, autocomplete: 'nickname', value: j.name, required: true,
        oninput: (e) => { j.name = e.target.value; } })),
    j.error ? h('p', { class: 'notice error', role: 'alert' }, h('span', 'msg', j.error)) : null,
    h('div', 'row',
      h('button', { type: 'submit', id: 'join-take', disabled: j.busy }, t('join.btn')),
      id ? h('a', { class: 'btn secondary', href: gameHash(id) }, t('join.spectate')) : null));
}
