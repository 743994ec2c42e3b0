// Boot, hash routing, and the one render function that draws the current screen.

import { h, mount } from './dom.js';
import { t, lang, setLang, loadStrings, LANGS, LANG_NAMES, setCardNames } from './i18n.js';
import { api } from './api.js';
import { state, changed, subscribe, clearNotice, settled, watchWork, tutorialProgress } from './store.js';
import { openGame, closeGame, pollNow, visibilityChanged } from './game.js';
import { reloadLog } from './log.js';
import { announce } from './screens/log.js';
import { homeScreen, joinScreen } from './screens/home.js';
import { lazy, stylesheet } from './lazy.js';
import { appearanceRow } from './theme.js';
import { fitNames } from './cards.js';
import { alertsControl, pageTitle } from './alerts.js';
import { registerWorker, showNet } from './pwa.js';
import { follow } from './push.js';

const main = document.getElementById('main');
const bar = document.getElementById('bar');
const topbar = document.getElementById('topbar');

// Routes: #/ (home), #/g/<id> (a game), #/g/<id>/stats (its statistics), #/join/<id>/<code> (an invite).
function parseRoute(hash) {
  const parts = hash.replace(/^#\/?/, '').split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'g' && parts[1] && parts[2] === 'stats') return { name: 'stats', params: { id: parts[1] } };
  if (parts[0] === 'g' && parts[1]) return { name: 'game', params: { id: parts[1] } };
  if (parts[0] === 'join' && parts[1]) return { name: 'join', params: { id: parts[1], code: parts[2] || null } };
  if (parts[0] === 'about') return { name: 'about', params: {} };
  return { name: 'home', params: {} };
}

export function go(hash) {
  if (location.hash === hash) onRoute();
  else location.hash = hash;
}

function onRoute() {
  const route = parseRoute(location.hash);
  const prev = state.route;
  state.route = route;
  if (route.name === 'game') openGame(route.params.id);
  else closeGame();
  if (prev.name !== route.name || prev.params.id !== route.params.id) {
    clearNotice();
    window.scrollTo(0, 0);
    queueMicrotask(() => main.focus({ preventScroll: true }));
  }
  changed();
}

async function loadCatalog(l) {
  try {
    const res = await api.cards(l);
    const list = Array.isArray(res.data) ? res.data : res.data.cards || [];
    const map = {};
    const names = {};
    for (const c of list) {
      map[c.name] = c;
      names[c.name] = c.local_name || c.name;
    }
    if (lang() !== l) return; // switched again meanwhile
    state.catalog = map;
    state.catalogLang = l;
    setCardNames(names);
    changed();
  } catch (e) {
    setTimeout(() => { if (lang() === l) loadCatalog(l); }, 3000);
  }
}

function renderTopbar() {
  const sel = h('select', {
    id: 'lang',
    // The catalog and the game log come again in the new language.
    onchange: async (e) => {
      const l = e.target.value;
      await setLang(l);
      loadCatalog(l);
      follow(); // pushes come in the new language
      reloadLog();
      changed();
    },
  }, LANGS.map((l) => h('option', { value: l, selected: l === lang(), lang: l }, LANG_NAMES[l])));
  mount(topbar,
    h('a', { class: 'brand', href: '#/' }, t('app.title')),
    h('span', 'spacer'),
    alertsControl(),
    h('label', { for: 'lang', class: 'sr-only' }, t('lang.label')),
    sel);
}

function noticeBox() {
  const n = state.notice;
  if (!n) return null;
  return h('div', { class: `notice ${n.kind}`, role: n.kind === 'error' ? 'alert' : 'status', id: 'notice' },
    h('span', 'msg', n.text),
    n.action ? h('button', { onclick: n.action.run, id: 'notice-action' }, n.action.label) : null,
    h('button', { class: 'secondary', onclick: clearNotice, 'aria-label': t('err.dismiss') }, '✕'));
}

let firstGameRender = false;
let lastDecision = null;

// Re-rendering replaces the DOM, so remember which control had the focus.
// The game's screens and the statistics come with the table's stylesheet.
const withTable = (module) => Promise.all([module, stylesheet('css/table.css')]).then(([m]) => m);

function render() {
  const active = document.activeElement;
  const fk = active?.dataset?.fk;
  const hadFocusInMain = active && (main.contains(active) || bar.contains(active));
  // A text box being typed in keeps its caret across the redraw.
  const caret = active && typeof active.selectionStart === 'number' ? [active.selectionStart, active.selectionEnd] : null;
  document.title = pageTitle();
  document.getElementById('skip').textContent = t('nav.skip');
  renderTopbar();
  showNet();
  let screen;
  let bottom = null;
  const r = state.route;
  // The game's screens and About load on demand (not needed by the home form).
  const loading = () => h('p', { role: 'status' }, t('common.loading'));
  const gm = r.name === 'game' ? lazy('game', () => withTable(import('./screens/lobby.js'))) : null;
  if (r.name === 'game') {
    screen = gm ? gm.gameScreen({ go }) : loading();
    bottom = gm ? gm.gameBar() : null;
  } else if (r.name === 'join') {
    screen = joinScreen(r.params, { go });
  } else if (r.name === 'stats') {
    const m = lazy('stats', () => withTable(import('./ondemand/stats.js')));
    screen = m ? m.statsScreen(r.params) : loading();
  } else if (r.name === 'about') {
    const m = lazy('about', () => import('./screens/about.js'));
    screen = m ? m.aboutScreen() : loading();
  } else {
    screen = [homeScreen({ go }), appearanceRow(changed)];
  }
  // Cards move from where they were (the table only; the module comes with it).
  const motion = r.name === 'game' ? lazy('motion', () => import('./motion.js')) : null;
  if (motion) motion.beforeDraw(main);
  const g = r.name === 'game' ? state.game : null;
  const v = g?.view;
  const kind = r.name === 'game' && !gm ? 'loading' : r.name === 'game' ? (v?.players ? (v.game_over ? 'end' : 'table') : 'lobby') : r.name;
  // A notice about one screen ("Link copied.") leaves with it.
  if (state.notice?.screen && state.notice.screen !== kind) state.notice = null;
  mount(main, noticeBox(), screen);
  fitNames(main);
  if (motion) motion.afterDraw(main);
  // State markers for assistive styling and for the end-to-end tests.
  main.dataset.screen = kind;
  main.dataset.version = g?.data ? String(g.data.version) : '';
  main.dataset.busy = String(!!g?.busy);
  main.dataset.live = String(!!g?.live); // the server holds our polls
  main.dataset.phase = v?.turn ? v.turn.phase : '';
  main.dataset.act = String(!!v?.awaiting?.includes(v.seat));
  if (!performance.getEntriesByName('dominion:first-render').length) performance.mark('dominion:first-render');
  if (v?.players && !firstGameRender) {
    firstGameRender = true;
    performance.mark('dominion:first-game-render');
  }
  mount(bar, bottom);
  tutor();
  announce();
  // A new decision for this seat: the focus goes to its title (a screen reader says it).
  const dec = document.getElementById('decision');
  const decKey = dec ? `${main.dataset.version}/${dec.dataset.prompt}` : null;
  if (dec && decKey !== lastDecision) {
    // The sheet is fixed, so always in view; a new one starts at its top.
    dec.scrollTop = 0;
    const title = dec.querySelector('h2');
    if (title && !(fk && hadFocusInMain)) { title.tabIndex = -1; title.focus({ preventScroll: true }); }
  }
  lastDecision = decKey;
  if (fk && hadFocusInMain) {
    const again = document.querySelector(`[data-fk="${CSS.escape(fk)}"]`);
    if (again && !again.disabled) {
      again.focus({ preventScroll: true });
      if (caret && again.setSelectionRange) try { again.setSelectionRange(...caret); } catch (e) { /* not a text box */ }
    }
  }
  markIdle();
}

// "Learn to play": tutorial.js comes with its game only (a promise while it loads).
let tutorial = null;
function tutor() {
  const p = tutorialProgress();
  if (tutorial) tutorial.render?.();
  else if (p.game && p.game === state.route.params.id && !p.done) {
    tutorial = import('./ondemand/tutorial.js').then((m) => { tutorial = m; changed(); }, () => { tutorial = null; });
  }
}

// A redraw while a pointer is down would swallow the tap: redraws wait for the click.
let pressing = false;
let redrawLater = false;
function release() {
  pressing = false;
  if (redrawLater) setTimeout(() => { redrawLater = false; render(); }, 0);
}
document.addEventListener('pointerdown', () => { pressing = true; }, true);
document.addEventListener('pointerup', release, true);
document.addEventListener('pointercancel', release, true);
let booted = false; // the language table is in: the screens can speak
subscribe(() => {
  if (!booted) return;
  if (pressing || redrawLater) {
    redrawLater = true;
    markIdle();
  } else {
    render();
  }
});

// `data-idle` on <main>: "true" once nothing is pending and all is drawn (the e2e tests wait on it).
let worker = false; // registered once the first screen is drawn (not to slow it down)
function markIdle() {
  const idle = booted && settled() && !redrawLater;
  main.dataset.idle = String(idle);
  if (idle && !worker) { worker = true; registerWorker(); }
}
watchWork(markIdle);
window.addEventListener('hashchange', onRoute);
document.addEventListener('visibilitychange', visibilityChanged);
window.addEventListener('online', () => {
  if (state.game) pollNow();
  if (!state.catalogLang) loadCatalog(lang());
  changed();
});
window.addEventListener('offline', changed);

loadCatalog(lang());
// The first paint waits for the page's language table (a few KB, one request).
// A game's first fetch need not wait for the language table.
const first = parseRoute(location.hash);
if (first.name === 'game') openGame(first.params.id);
loadStrings(lang()).then(() => { booted = true; onRoute(); });
