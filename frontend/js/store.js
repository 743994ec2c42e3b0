// The one store: plain state, a change signal that batches redraws, and the
// seat tokens kept on this device.

export const state = {
  route: { name: 'home', params: {} },
  catalog: {}, // English card name -> catalog entry for the current language
  catalogLang: null,
  presets: null,
  game: null, // the open game session (see game.js)
  notice: null, // {kind: 'error'|'info', text, action?: {label, run}}
  ui: {}, // per-screen scratch state (form values, selections)
};

const subscribers = new Set();
let scheduled = false;

// Requests in flight, and who watches that count. Work shows in the `data-idle`
// marker on <main> (for tests and assistive styling) without a redraw.
let requests = 0;
let onWork = () => {};

/** Ask for a redraw; several calls in one tick give one redraw. */
export function changed() {
  if (scheduled) return;
  scheduled = true;
  onWork();
  queueMicrotask(() => {
    scheduled = false;
    for (const fn of subscribers) fn();
  });
}

export function subscribe(fn) {
  subscribers.add(fn);
}

/** A request started (+1) or ended (-1). */
export function working(delta) {
  requests += delta;
  onWork();
}

/** `fn` runs whenever work starts or ends (one watcher: the idle marker). */
export function watchWork(fn) {
  onWork = fn;
}

/**
 * Nothing is pending: no request in flight, no command waiting to be retried
 * and no redraw scheduled, so what is drawn is the latest state.
 */
export function settled() {
  return requests === 0 && !scheduled && !state.game?.busy;
}

export function notify(kind, text, action) {
  state.notice = { kind, text, action, at: Date.now() };
  changed();
}

export function clearNotice() {
  state.notice = null;
  changed();
}

// Seat tokens: {gameId: {token, seat, name, at}} in localStorage, so a reload
// or a later visit resumes the game from its link.
const SEATS = 'dominion.seats';

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS) || '{}') || {};
  } catch (e) {
    return {};
  }
}

function writeSeats(all) {
  try { localStorage.setItem(SEATS, JSON.stringify(all)); } catch (e) { /* private mode */ }
}

/** Keep the seat that a create or join answer `d` gave `name` on this device. */
export function saveSeat(gameId, d, name) {
  const all = readSeats();
  all[gameId] = { ...(all[gameId] || {}), token: d.token, seat: d.seat, name, invites: d.invites || [], at: Date.now() };
  writeSeats(all);
}

export function loadSeat(gameId) {
  return readSeats()[gameId] || null;
}

export function forgetSeat(gameId) {
  const all = readSeats();
  delete all[gameId];
  writeSeats(all);
}

// "Learn to play" (tutorial.js) on this device: {game, seen, done, skipped}.
export const TUTORIAL = 'dominion.tutorial';
export function tutorialProgress() {
  try { return JSON.parse(localStorage.getItem(TUTORIAL)) || {}; } catch (e) { return {}; }
}

export const gameHash = (id) => `#/g/${encodeURIComponent(id)}`;

/** Stored games, most recent first. */
export function listSeats() {
  return Object.entries(readSeats())
    .map(([id, v]) => ({ id, ...v }))
    .sort((a, b) => (b.at || 0) - (a.at || 0));
}
