// Your move in a hidden tab: the title and a vibration; with turn alerts on (the
// top bar's bell), also a chime (WebAudio), a notification via the service worker
// and, where the browser has Web Push (push.js), notifications while the app is closed.

import { h } from './dom.js';
import { t } from './i18n.js';
import { changed, notify } from './store.js';
import { enable, disable, state, needsInstall } from './push.js';

const KEY = 'dominion.alerts';
let on = false;
try { on = localStorage.getItem(KEY) === 'on'; } catch (e) { /* private mode */ }
let attention = null; // 'turn' | 'move' until the hidden tab is seen
let audio = null;
const sw = 'Notification' in window && navigator.serviceWorker;
const granted = () => sw && Notification.permission === 'granted';
const denied = () => sw && Notification.permission === 'denied';
// What "on" gives: 'on' (push), 'page' (only while the page is open), 'blocked', 'ios' (install first).
let mode = 'on';
if (on) state().then((m) => { mode = needsInstall() ? 'ios' : denied() ? 'blocked' : m; changed(); });

export function pageTitle() {
  return attention ? `● ${t(`live.${attention}`)} — ${t('app.title')}` : t('app.title');
}

/** The view went from `a` to `b`: alert the player of a hidden tab who must act now. */
export function alertIfMyMove(a, b, gameId) {
  const waits = (v) => (v.awaiting || []).includes(b.seat);
  if (!document.hidden || b.game_over || b.seat == null || !waits(b) || waits(a)) return;
  attention = b.turn.seat === b.seat ? 'turn' : 'move';
  changed();
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
  if (!on) return;
  chime();
  if (granted()) {
    sw.ready.then((reg) => reg.showNotification(t(`live.${attention}`), {
      // The game's tag, as the server's push has: one notification a game.
      body: t('live.body'), tag: `game-${gameId}`, renotify: true, icon: 'icons/icon-192.png', data: { url: location.href, game_id: gameId },
    })).catch(() => {});
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden || !attention) return;
  attention = null;
  changed();
  if (sw) sw.ready.then((reg) => reg.getNotifications()).then((ns) => ns.forEach((n) => n.close())).catch(() => {});
});

/** Two short tones. Audio may start only after a tap: each tap unlocks it. */
function chime(at = unlock()) {
  for (const hz of [660, 880]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.15, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(at);
    osc.stop(at + 0.25);
    at += 0.18;
  }
}

function unlock() {
  audio = audio || new AudioContext();
  audio.resume();
  return audio.currentTime;
}
document.addEventListener('pointerdown', () => on && unlock(), true);

/** "Turn alerts": one tap turns them on (asking to notify, subscribing to push, chiming once) or off. */
export function alertsControl() {
  const st = on ? mode : 'off';
  return h('button', {
    id: 'alerts-btn', 'data-fk': 'bell', class: 'secondary', 'aria-pressed': String(on), 'data-state': st,
    onclick: async () => {
      on = !on;
      try { localStorage.setItem(KEY, on ? 'on' : ''); } catch (e) { /* private mode */ }
      changed();
      if (on) chime();
      mode = on ? await enable() : (await disable().catch(() => {}), 'on');
      changed();
      notify('info', t(`alert.${on ? mode : 'off'}Text`));
    },
  }, h('img', { src: `icons/bell${on ? '' : '-off'}.svg`, alt: '', width: 20, height: 20 }),
  h('span', 'sr-only', `${t('alert.label')}: `), t(`alert.${st}`));
}
