// Modules the home form does not need (the game's screens, About) come when a
// screen first needs them: the first visit moves less (e2e/test_static.py).

import { working, changed } from './store.js';

const modules = {};

/**
 * The module `key` once loaded, else null (its load starts, counted as work so
 * the page is not idle, and a redraw follows). A failed load (offline) is tried
 * again by the next redraw that asks (coming back online redraws).
 */
export function lazy(key, load) {
  if (modules[key]) return modules[key];
  if (!(key in modules)) {
    modules[key] = null;
    working(1);
    load().then((m) => { modules[key] = m; working(-1); changed(); },
      () => { delete modules[key]; working(-1); });
  }
  return null;
}

/**
 * A stylesheet of the client (`css/table.css`), added to the page once; resolves when it
 * applies (or failed), so a screen that needs it is drawn with it, never before.
 */
export function stylesheet(path) {
  const href = new URL(`../${path}`, import.meta.url).href;
  const link = [...document.styleSheets].some((s) => s.href === href) ? null : document.createElement('link');
  if (!link) return Promise.resolve();
  return new Promise((done) => {
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = () => done();
    // Right after app.css, where its rules were written to sit: card.css and theme.css win over it.
    document.querySelector('link[href$="css/app.css"]').after(link);
  });
}
