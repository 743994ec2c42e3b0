// The service worker (app shell kept for offline starts) and the "no connection" line.

import { t } from './i18n.js';
import { state } from './store.js';

/** Register the worker and send it the files this page loaded; `data-shell` on <body> says when kept. */
export function registerWorker() {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  sw.onmessage = (e) => { document.body.dataset.shell = e.data; };
  sw.register('sw.js').then(() => sw.ready).then((reg) => reg.active.postMessage({
    cache: [location.pathname, ...performance.getEntriesByType('resource').map((r) => r.name)],
  })).catch(() => {});
}

export function showNet() {
  const el = document.getElementById('net');
  el.hidden = !(state.offline || !navigator.onLine);
  el.textContent = el.hidden ? '' : t('live.offline');
}
