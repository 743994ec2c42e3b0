// The service worker (app shell kept for offline starts) and the "no connection" line.

import { t } from './i18n.js';
import { SPRITE } from './card.js';

/** Once the page has loaded, register the worker and list it the files loaded (kept: `data-shell`). */
export function registerWorker() {
  const sw = navigator.serviceWorker;
  if (document.readyState !== 'complete') addEventListener('load', registerWorker, { once: true });
  if (document.readyState !== 'complete' || !sw) return;
  // The worker asks which route this window shows (through a port), or says the shell is kept.
  sw.onmessage = (e) => { if (e.ports[0]) e.ports[0].postMessage(location.hash); else document.body.dataset.shell = e.data; };
  sw.register('sw.js').then(() => sw.ready).then((reg) => reg.active.postMessage({
    // The card pictures too, even before a card showed (offline starts draw them).
    cache: [location.pathname, SPRITE, ...performance.getEntriesByType('resource').map((r) => r.name)],
  })).catch(() => {});
}

export function showNet() {
  const el = document.getElementById('net');
  el.hidden = navigator.onLine;
  el.textContent = el.hidden ? '' : t('live.offline');
}
