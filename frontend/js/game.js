// The open game: long polling, and commands with idempotency keys reused on retry.

import { api, ApiError, NetworkError } from './api.js';
import { randomId } from './dom.js';
import { t, lang, has } from './i18n.js';
import { state, changed, notify, clearNotice, loadSeat } from './store.js';
import { loadLog } from './log.js';
import { alertIfMyMove } from './alerts.js';
import { follow } from './push.js';

// Polls are held up to WAIT s; a server answering at once gets adaptive intervals.
const WAIT = 25;
const FAST = 800;
const MAX_VISIBLE = 8000;
const MY_MOVE = 15000;
const HIDDEN = 60000;
const RETRIES = [400, 1000, 2000, 4000];
const MAX_WAIT = 10000;

let timer = null;
let session = 0; // bumps when another game is opened, so stale loops stop
let held = null; // the AbortController of the poll in flight

/** A refused command in words: the server's English detail, or our sentence for its code. */
function refusal(e) {
  if (lang() === 'en') return t('err.illegal', { msg: e.message });
  return t(e.code && has(`problem.${e.code}`) ? `problem.${e.code}` : 'err.illegalPlain');
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

export function openGame(id) {
  if (state.game?.id === id) {
    if (!held) pollNow(); // else a poll in flight brings the news
    return;
  }
  closeGame();
  const seat = loadSeat(id);
  follow(id, seat?.token); // a new game gets this device's push subscription
  state.game = {
    id,
    token: seat?.token,
    seatInfo: seat,
    etag: null,
    data: null,
    view: null,
    error: null,
    busy: false,
    delay: FAST,
    live: true, // the server holds our polls
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
  if (held) held.abort();
  held = null;
  session += 1;
  state.game = null;
}

function mine() {
  const g = state.game;
  return g?.view && g.view.seat != null && g.view.awaiting?.includes(g.view.seat);
}

/** A hidden tab whose seat must act expects no news (and has alerted). */
function idle() {
  return document.hidden && mine();
}

function nextDelay() {
  const g = state.game;
  if (g.failures) return Math.min(30000, 1000 * 2 ** g.failures);
  if (idle()) return HIDDEN;
  if (g.live) return 0;
  if (document.hidden || mine()) return MY_MOVE;
  return g.delay;
}

/** Poll after `ms`, unless a poll is in flight (its answer schedules the next one). */
function schedule(ms) {
  clearTimeout(timer);
  if (held) return;
  const s = session;
  timer = setTimeout(() => { if (s === session) poll(false); }, ms);
}

/** Poll at once, not held (a held poll's connection may be dead after sleep); the page is busy till drawn. */
export function pollNow() {
  clearTimeout(timer);
  if (held) held.abort();
  poll(true);
}

/** A finished game changes only by a rematch: polled only while another human may ask for one. */
function done(g) {
  const d = g.data;
  return !!d && d.status === 'over' && (!!d.rematch || !g.token || !(d.seats || []).some((x) => x.kind !== 'bot' && x.seat !== d.seat));
}

/** A tab shown again polls at once; a hidden one keeps waiting (for the alerts). */
export function visibilityChanged() {
  const g = state.game;
  if (!g || done(g)) return;
  if (!document.hidden) pollNow();
  else if (!held) schedule(nextDelay());
}

/** One conditional GET (held by the server unless `now`); reschedules itself. */
async function poll(now) {
  const g = state.game;
  if (!g) return;
  const s = session;
  const ctrl = new AbortController();
  held = ctrl;
  const wait = now || idle() ? 0 : WAIT;
  try {
    const res = await api.getGame(g.id, g.token, g.data ? g.etag : null, { wait, quiet: g.live, signal: ctrl.signal });
    if (held !== ctrl || s !== session) return;
    held = null;
    if (g.failures) { g.failures = 0; clearNotice(); }
    // Held (Preference-Applied), or answered at once though asked to wait.
    const live = res.applied || (g.live && !(wait && res.status === 304));
    if (res.status !== 304) {
      accept(res);
      g.delay = FAST;
    } else if (live === g.live) {
      g.delay = Math.min(MAX_VISIBLE, Math.round(g.delay * 1.5));
    }
    if (live !== g.live) { g.live = live; changed(); }
  } catch (e) {
    if (held !== ctrl || s !== session) return; // cancelled: a newer poll runs
    held = null;
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

function accept(res) {
  const g = state.game;
  changed(); // even with no news: a command's answer ends its busy state
  // A poll sent before a command may answer after it (or a poll woken by
  // another player's move may come before our command's answer): never step back.
  if (res.data?.version < g.data?.version) return;
  const before = g.view;
  g.data = res.data;
  g.view = viewOf(res.data);
  if (res.etag) g.etag = res.etag;
  g.error = null;
  changed();
  loadLog();
  if (before) alertIfMyMove(before, g.view, g.id);
}

/** The per-seat engine view inside a game resource. */
function viewOf(data) {
  if (!data) return null;
  return data.view !== undefined ? data.view : data;
}

/** Send one command; every retry reuses its idempotency key, so it never applies twice. */
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
      if (state.notice?.kind === 'error') clearNotice();
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
          // Offline: resend once back online, without using up a retry.
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
