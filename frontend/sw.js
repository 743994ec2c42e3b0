// The app shell from the network when online (updates show at once), from
// this cache when not; API answers are never cached. Shows the server's pushes,
// opens a notification's game.
const CACHE = 'shell';
const mine = (url) => {
  const u = new URL(url, location.href);
  return u.origin === location.origin && !u.pathname.startsWith('/api/');
};

self.addEventListener('install', (e) => e.waitUntil(
  caches.open(CACHE).then((c) => c.addAll(['./', 'manifest.webmanifest'])).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

// The page lists the files it loaded (modules, language table) and the card
// pictures' sprite (icons/cards.svg, one file for every card): keep them,
// and control that page too (it may have opened after 'activate').
self.addEventListener('message', (e) => e.waitUntil(self.clients.claim().then(() => caches.open(CACHE))
  .then((c) => Promise.all(e.data.cache.filter(mine).map((u) => c.match(u).then((hit) => hit || c.add(u)).catch(() => {})))
    .then(() => prune(c, e.data.cache)))
  .then(() => e.source.postMessage('cached'))));

// The client's files live under its version (/v/<version>/js/main.js); once a page
// has listed this version's, the copies of older versions go.
const version = (url) => (new URL(url, location.href).pathname.match(/^\/v\/([^/]+)\//) || [])[1];
async function prune(c, listed) {
  const current = new Set(listed.map(version).filter(Boolean));
  if (!current.size) return;
  for (const req of await c.keys()) if (version(req.url) && !current.has(version(req.url))) await c.delete(req);
}

self.addEventListener('fetch', (e) => {
  const req = e.request;
  if (req.method === 'GET' && mine(req.url)) e.respondWith(fetch(req).then((res) => {
    if (res.ok) keep(req, res.clone()); // cloned before the page reads the body
    return res;
  }, async (err) => {
    const hit = await caches.match(req.mode === 'navigate' ? './' : req, { ignoreSearch: true });
    if (hit) return hit;
    throw err;
  }));
});

// A new copy replaces the kept one only when it differs (ETag): few writes per page load.
const keep = (req, res) => caches.open(CACHE).then(async (c) => {
  const old = await c.match(req);
  const tag = res.headers.get('ETag');
  if (!tag || !old || old.headers.get('ETag') !== tag) await c.put(req, res);
});

const game = (id) => `#/g/${encodeURIComponent(id)}`;
// The route each window shows, as it answers (Chromium's client.url misses hash changes).
const routes = (tabs) => Promise.all(tabs.map((c) => new Promise((ok) => {
  const ch = new MessageChannel();
  ch.port1.onmessage = (e) => ok(e.data);
  c.postMessage('route', [ch.port2]);
  setTimeout(ok, 1000);
})));

// A push (issue 22): the server's JSON. No notification while a visible window shows
// that game; one a game (its tag), replaced; the app badge counts the games waiting.
self.addEventListener('push', (e) => e.waitUntil((async () => {
  const m = e.data ? e.data.json() : {};
  const nav = self.navigator;
  if (typeof m.waiting === 'number' && nav.setAppBadge) await (m.waiting ? nav.setAppBadge(m.waiting) : nav.clearAppBadge()).catch(() => {});
  const tabs = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  if ((await routes(tabs.filter((c) => c.visibilityState === 'visible'))).includes(game(m.game_id))) return;
  await self.registration.showNotification(m.title || 'Dominion', {
    body: m.body, tag: m.tag, renotify: !!m.tag, icon: 'icons/icon-192.png', data: { url: m.url || './', game_id: m.game_id },
  });
})()));

/** A tap: focus a window of the game, else show it in a window of the app, else open one. */
async function reopen(d) {
  const tabs = await clients.matchAll({ type: 'window' });
  const tab = tabs[(await routes(tabs)).indexOf(game(d.game_id))];
  if (tab) return tab.focus();
  const url = d.url || './';
  const c = tabs[0] ? await tabs[0].navigate(url) : await clients.openWindow(url);
  return c && c.focus();
}

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  e.waitUntil(reopen(e.notification.data || {}));
});
