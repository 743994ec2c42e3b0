// Your move in a hidden tab: the title and a vibration; when the player turned
// alerts on, a chime (WebAudio) and a notification through the service worker.

import { h } from './dom.js';
import { t } from './i18n.js';
import { changed, notify } from './store.js';

const KEY = 'dominion.alerts';
let prefs = {};
try { prefs = JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { /* none kept */ }
let attention = null; // 'turn' | 'move' until the hidden tab is seen
let audio = null;
const canNotify = 'Notification' in window && 'serviceWorker' in navigator;
const worker = () => navigator.serviceWorker.ready;

function save(change) {
  prefs = { ...prefs, ...change };
  try { localStorage.setItem(KEY, JSON.stringify(prefs)); } catch (e) { /* private mode */ }
  changed();
}

export function pageTitle() {
  return attention ? `● ${t(`live.${attention}`)} — ${t('app.title')}` : t('app.title');
}

/** The view went from `a` to `b`: alert the player of a hidden tab who must act now. */
export function alertIfMyMove(a, b, gameId) {
  const waits = (v) => b.seat != null && (v.awaiting || []).includes(b.seat);
  if (!document.hidden || b.game_over || !waits(b) || waits(a)) return;
  attention = b.turn.seat === b.seat ? 'turn' : 'move';
  changed();
  if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
  if (prefs.on) chime();
  if (prefs.on && canNotify && Notification.permission === 'granted') {
    worker().then((reg) => reg.showNotification(t(`live.${attention}`), {
      body: t('live.body'), tag: gameId, renotify: true, icon: 'icons/icon-192.png', data: location.href,
    })).catch(() => {});
  }
}

document.addEventListener('visibilitychange', () => {
  if (document.hidden || !attention) return;
  attention = null;
  changed();
  if (canNotify) worker().then((reg) => reg.getNotifications()).then((ns) => ns.forEach((n) => n.close())).catch(() => {});
});

/** Two short tones; audio may start only after a tap, so each tap unlocks it. */
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
  if (audio.state === 'suspended') audio.resume();
  return audio.currentTime;
}
document.addEventListener('pointerdown', () => { if (prefs.on) unlock(); }, true);

/** The top bar's bell: one tap turns the chime and notifications on (asking permission then) or off. */
export function alertsControl() {
  const on = !!prefs.on;
  return h('button', {
    type: 'button', id: 'alerts-btn', class: 'secondary', 'data-fk': 'alerts-btn', 'aria-pressed': String(on),
    'aria-label': t('live.alerts'),
    onclick: async () => {
      if (!on) {
        chime();
        if (canNotify) await Notification.requestPermission();
      }
      save({ on: !on });
      notify('info', t(on ? 'live.off' : canNotify && Notification.permission === 'granted' ? 'live.on' : 'live.denied'));
    },
  }, on ? '🔔' : '🔕');
}
