// HTTP client for the JSON API under /api. No rules here: just requests.

import { working } from './store.js';

/** The server answered with an error (RFC 9457 problem details in `problem`). */
export class ApiError extends Error {
  constructor(status, problem, retryAfter = null) {
    super((problem && (problem.detail || problem.title)) || `HTTP ${status}`);
    this.status = status;
    this.problem = problem || {};
    this.code = this.problem.code || null;
    this.retryAfter = retryAfter; // seconds, from Retry-After (429, 503)
  }

  /** Too many requests, or the database is busy: the same request may work later. */
  get retryable() {
    return this.status === 429 || this.status === 503;
  }
}

/** The request may or may not have reached the server (offline, reset, timeout). */
export class NetworkError extends Error {}

const TIMEOUT_MS = 15000;

/** One request; a `quiet` one (a held poll) counts as work in flight only once answered. */
async function request(method, path, { body, token, headers = {}, timeout = TIMEOUT_MS, quiet, signal } = {}) {
  const h = { Accept: 'application/json', ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  if (token) h.Authorization = `Bearer ${token}`;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeout);
  if (signal) signal.addEventListener('abort', () => ctrl.abort());
  let res;
  let data = null;
  let counted = !quiet;
  if (counted) working(1);
  try {
    res = await fetch(path, {
      method,
      headers: h,
      body: body !== undefined ? JSON.stringify(body) : undefined,
      cache: 'no-store', // we send our own If-None-Match and want to see the 304
      signal: ctrl.signal,
    });
    if (!counted) { counted = true; working(1); }
    if (res.status !== 304 && res.status !== 204) {
      const text = await res.text(); // a drop mid-body is a network error too
      if (text) {
        try { data = JSON.parse(text); } catch (e) { data = { title: `HTTP ${res.status}` }; }
      }
    }
  } catch (e) {
    throw new NetworkError(e?.message || 'network error');
  } finally {
    clearTimeout(timer);
    if (counted) working(-1);
  }
  const applied = /\bwait\b/.test(res.headers.get('Preference-Applied') || '');
  if (res.status === 304) return { status: 304, data: null, etag: res.headers.get('ETag'), applied };
  if (!res.ok) {
    const wait = Number.parseInt(res.headers.get('Retry-After') || '', 10);
    throw new ApiError(res.status, data, Number.isFinite(wait) ? wait : null);
  }
  return { status: res.status, data, etag: res.headers.get('ETag'), applied };
}

const enc = encodeURIComponent;

export const api = {
  createGame: (body) => request('POST', '/api/games', { body }),
  joinGame: (id, body) => request('POST', `/api/games/${enc(id)}/join`, { body }),
  joinByCode: (body) => request('POST', '/api/join', { body }),
  /**
   * The caller's view; `etag` makes it conditional (304 when unchanged), and
   * then `wait` asks the server to hold it up to that many seconds.
   */
  getGame: (id, token, etag, { wait, quiet, signal } = {}) =>
    request('GET', `/api/games/${enc(id)}`, {
      token,
      signal,
      ...(etag && { headers: { 'If-None-Match': etag, ...(wait && { Prefer: `wait=${wait}` }) } }),
      ...(etag && wait && { quiet, timeout: (wait + 10) * 1000 }),
    }),
  /** One command; `etag` is the version acted on, `key` the idempotency key. */
  command: (id, token, etag, command, key) =>
    request('POST', `/api/games/${enc(id)}/commands`, {
      token,
      body: command,
      headers: { ...(etag && { 'If-Match': etag }), 'Idempotency-Key': key },
    }),
  rematch: (id, token) => request('POST', `/api/games/${enc(id)}/rematch`, { token }),
  /** A finished game's statistics (409 while it is played). */
  stats: (id) => request('GET', `/api/games/${enc(id)}/stats`),
  log: (id, token, query) => request('GET', `/api/games/${enc(id)}/log${qs(query)}`, { token }),
  cards: (lang) => request('GET', `/api/cards?lang=${enc(lang)}`),
  randomKingdom: (query) => request('GET', `/api/kingdoms/random${qs(query)}`),
  presets: () => request('GET', '/api/kingdoms/presets'),
  // Web Push: the server's key, and this seat's subscriptions (issue 22).
  pushKey: () => request('GET', '/api/push/key'),
  pushList: (id, token) => request('GET', `/api/games/${enc(id)}/push-subscriptions`, { token }),
  addPush: (id, token, body) => request('POST', `/api/games/${enc(id)}/push-subscriptions`, { token, body }),
  delPush: (id, token, sub) => request('DELETE', `/api/games/${enc(id)}/push-subscriptions/${enc(sub)}`, { token }),
};

function qs(query) {
  if (!query) return '';
  const parts = [];
  for (const [k, v] of Object.entries(query)) {
    if (v == null || v === '' || (Array.isArray(v) && !v.length)) continue;
    parts.push(`${enc(k)}=${enc(Array.isArray(v) ? v.join(',') : String(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
