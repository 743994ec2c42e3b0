// The app shell from the network when online (updates show at once), from
// this cache when not; API answers are never cached. Opens a notification's game.
const CACHE = 'shell';
const mine = (url) => {
  const u = new URL(url, location.href);
  return u.origin === location.origin && !u.pathname.startsWith('/api/');
};

self.addEventListener('install', (e) => e.waitUntil(
  caches.open(CACHE).then((c) => c.addAll(['./', 'manifest.webmanifest'])).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

// The page lists the files it loaded (modules, language table): keep them,
// and control that page too (it may have opened after 'activate').
self.addEventListener('message', (e) => e.waitUntil(self.clients.claim().then(() => caches.open(CACHE))
  .then((c) => Promise.all(e.data.cache.filter(mine).map((u) => c.match(u).then((hit) => hit || c.add(u)).catch(() => {}))))
  .then(() => e.source.postMessage('cached'))));

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

self.addEventListener('notificationclick', (e) => {
  e.notification.close();
  e.waitUntil(clients.matchAll({ type: 'window' }).then((tabs) => {
    const tab = tabs.find((c) => c.url === e.notification.data);
    return tab ? tab.focus() : clients.openWindow(e.notification.data || './');
  }));
});
