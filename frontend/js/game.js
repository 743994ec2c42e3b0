// The open game: conditional polling with backoff, and commands with idempotency
// keys that are reused on retry (its event log is in log.js).

import { api, ApiError, NetworkError } from './api.js';
import { randomId } from './dom.js';
import { t, lang, has } from './i18n.js';
import { state, changed, notify, clearNotice, loadSeat } from './store.js';
import { loadLog } from './log.js';

// Poll delays (ms): fast after a change, slower while nothing changes, slow
// while this seat must act (nobody else can move), slowest in a hidden tab.
const FAST = 800;
const MAX_VISIBLE = 8000;
const MY_MOVE = 15000;
const HIDDEN = 60000;
const RETRIES = [400, 1000, 2000, 4000];
const MAX_WAIT = 10000;

let timer = null;
let session = 0; // bumps when another game is opened, so stale loops stop

/** A refused command in words: the server's English detail, or our sentence for its code. */
function refusal(e) {
  if (lang() === 'en') return t('err.illegal', { msg: e.message });
  return t(e.code && has(`problem.${e.code}`) ? `problem.${e.code}` : 'err.illegalPlain');
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Open game `id` (stop polling any other) and start polling it. */
export function openGame(id) {
  if (state.game && state.game.id === id) {
    pollNow();
    return;
  }
  closeGame();
  const seat = loadSeat(id);
  state.game = {
    id,
    token: seat ? seat.token : null,
    seatInfo: seat,
    etag: null,
    data: null,
    view: null,
    error: null,
    busy: false,
    delay: FAST,
    failures: 0,
    log: [],
    logLang: lang(), // the language of the sentences in `log`
    logEpoch: 0, // the game's log_epoch when `log` was read (an undo raises it)
    logLoading: false,
  };
  state.ui.dec = null;
  session += 1;
  changed();
  pollNow();
}

export function closeGame() {
  clearTimeout(timer);
  session += 1;
  state.game = null;
}

function mine() {
  const g = state.game;
  return g && g.view && g.view.seat !== null && g.view.seat !== undefined && (g.view.awaiting || []).includes(g.view.seat);
}

function nextDelay() {
  const g = state.game;
  if (document.hidden) return HIDDEN;
  if (g.failures) return Math.min(30000, 1000 * 2 ** g.failures);
  if (mine()) return MY_MOVE;
  return g.delay;
}

function schedule(ms) {
  clearTimeout(timer);
  const s = session;
  timer = setTimeout(() => { if (s === session) poll(); }, ms);
}

/** Poll at once: the request starts before this returns (so the page is not idle). */
export function pollNow() {
  clearTimeout(timer);
  poll();
}

/**
 * A finished game changes only once more, when a rematch is made: a seat
 * polls it until then if another human may ask for one; nobody polls it after.
 */
function done(g) {
  const d = g.data;
  return !!d && d.status === 'over' && (!!d.rematch || !g.token || !(d.seats || []).some((x) => x.kind !== 'bot' && x.seat !== d.seat));
}

/** A hidden tab polls rarely; a tab shown again polls at once. */
export function visibilityChanged() {
  const g = state.game;
  if (!g || done(g)) return;
  if (document.hidden) schedule(nextDelay());
  else pollNow();
}

/** One conditional GET; reschedules itself. */
async function poll() {
  const g = state.game;
  if (!g) return;
  const s = session;
  try {
    const res = await api.getGame(g.id, g.token, g.data ? g.etag : null);
    if (s !== session) return;
    if (g.failures) { g.failures = 0; clearNotice(); }
    if (res.status === 304) {
      g.delay = Math.min(MAX_VISIBLE, Math.round(g.delay * 1.5));
    } else {
      accept(res);
      g.delay = FAST;
    }
  } catch (e) {
    if (s !== session) return;
    if (e instanceof NetworkError) {
      g.failures += 1;
      if (g.failures >= 2) notify('error', t('err.network'));
    } else if (e instanceof ApiError && (e.status === 401 || e.status === 403) && g.token) {
      // The stored token no longer works here: fall back to watching.
      g.token = null;
      notify('info', t('err.noSeat'));
      schedule(0);
      return;
    } else if (e instanceof ApiError && e.status === 404) {
      g.error = t('err.notFound');
      changed();
      return; // nothing to poll
    } else {
      g.failures += 1;
    }
  }
  if (s === session && !done(g)) schedule(nextDelay());
}

/** Store a 200 answer (a game resource) and its ETag. */
function accept(res) {
  const g = state.game;
  // A poll sent before a command may answer after it: never step back.
  if (g.data && res.data && res.data.version < g.data.version) return;
  g.data = res.data;
  g.view = viewOf(res.data);
  if (res.etag) g.etag = res.etag;
  g.error = null;
  changed();
  loadLog();
}

/** The per-seat engine view inside a game resource. */
export function viewOf(data) {
  if (!data) return null;
  return data.view !== undefined ? data.view : data;
}

/**
 * Send one command for this seat. The idempotency key is made once and
 * reused by every retry, so a command that reached the server before the
 * connection dropped is never applied twice.
 */
export async function send(command) {
  const g = state.game;
  if (!g || g.busy) return false;
  state.ui.confirm = null; // a move answers any question the bar was asking
  return attempt(command, randomId(), g.etag);
}

async function attempt(command, key, etag) {
  const g = state.game;
  const s = session;
  g.busy = true;
  changed();
  for (let i = 0; ;) {
    try {
      const res = await api.command(g.id, g.token, etag, command, key);
      if (s !== session) return false;
      g.busy = false;
      state.ui.dec = null;
      if (state.notice && state.notice.kind === 'error') clearNotice();
      accept(res);
      g.delay = FAST;
      g.failures = 0;
      if (!done(g)) schedule(FAST);
      return true;
    } catch (e) {
      if (s !== session) return false;
      const busy = e instanceof ApiError && e.retryable;
      if (e instanceof NetworkError || busy) {
        if (!busy && !navigator.onLine) {
          // Offline: send it again once the connection is back, however long
          // that takes, without using up a retry.
          notify('error', t('err.network'));
          await new Promise((r) => window.addEventListener('online', r, { once: true }));
          if (s !== session) return false;
          continue;
        }
        if (i < RETRIES.length) {
          notify('error', t(busy ? 'err.busy' : 'err.network'));
          // Never sooner than the server asked, never longer than MAX_WAIT.
          const asked = busy && e.retryAfter ? e.retryAfter * 1000 : 0;
          await sleep(Math.min(Math.max(RETRIES[i], asked), MAX_WAIT));
          i += 1;
          if (s !== session) return false;
          continue;
        }
        g.busy = false;
        notify('error', t('err.offline'), {
          label: t('err.retry'),
          run: () => { clearNotice(); attempt(command, key, etag); },
        });
        return false;
      }
      g.busy = false;
      if (e.status === 412) notify('info', t('err.stale'));
      else if ([403, 409, 422].includes(e.status)) notify('error', refusal(e));
      else notify('error', t('err.generic', { msg: e.message }));
      state.ui.dec = null;
      g.etag = null; // force a full refetch and redraw
      pollNow();
      return false;
    }
  }
}
