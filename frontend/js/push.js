// Web Push (issue 22): this device's subscription, registered with the seat of each
// stored game, so the server can tell of a turn while the app is closed.

import { api } from './api.js';
import { lang } from './i18n.js';
import { listSeats } from './store.js';

const sw = 'PushManager' in window && navigator.serviceWorker;
// iPhones and iPads (iPadOS says "Mac", with touch) get pushes only in an installed app.
const ios = /iP(hone|ad|od)/.test(navigator.userAgent) || (/Mac/.test(navigator.platform) && navigator.maxTouchPoints > 1);
export const needsInstall = () => ios && !matchMedia('(display-mode: standalone)').matches && !navigator.standalone;

/** The subscription or null; `make`: subscribe (giving up after 20 s: no push service may answer). */
async function current(make) {
  const pm = (await sw.ready).pushManager;
  const sub = await pm.getSubscription();
  if (sub || !make) return sub;
  const key = (await api.pushKey()).data.public_key;
  return Promise.race([pm.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    new Promise((r, no) => setTimeout(no, 20000))]);
}
const mine = () => (sw ? current().catch(() => null) : null);
const seats = () => listSeats().filter((g) => g.token);
const sent = new Set(); // "<game> <endpoint>" registered since the page loaded

function register(sub, g) {
  sent.add(`${g.id} ${sub.endpoint}`);
  return api.addPush(g.id, g.token, { subscription: sub.toJSON(), lang: lang() });
}

/** Push on: 'on', or why not: 'blocked', 'ios', 'page' (alerts only while the page is open). */
export async function enable() {
  if (needsInstall()) return 'ios';
  if (!sw) return 'page';
  const perm = await Notification.requestPermission();
  if (perm !== 'granted') return perm === 'denied' ? 'blocked' : 'page';
  try {
    const sub = await current(true);
    const done = await Promise.allSettled(seats().map((g) => register(sub, g)));
    return !done.length || done.some((r) => r.status === 'fulfilled') ? 'on' : 'page';
  } catch (e) {
    return 'page';
  }
}

/** Push off: the registrations of this endpoint with each stored seat, then the subscription. */
export async function disable() {
  const sub = await mine();
  if (!sub) return;
  await Promise.allSettled(seats().map(async (g) => {
    const { subscriptions } = (await api.pushList(g.id, g.token)).data;
    await Promise.all(subscriptions.filter((s) => s.endpoint === sub.endpoint).map((s) => api.delPush(g.id, g.token, s.id)));
  }));
  sent.clear();
  await sub.unsubscribe();
}

export const state = async () => ((await mine()) ? 'on' : 'page');

/** Follow a game opened with a seat (new, joined or stored) while push is on; no `id`: every seat again (new language). */
export async function follow(id, token) {
  const sub = (token || !id) && await mine();
  if (!sub) return;
  for (const g of id ? [{ id, token }] : seats()) {
    if (!id || !sent.has(`${g.id} ${sub.endpoint}`)) register(sub, g).catch(() => {});
  }
}
