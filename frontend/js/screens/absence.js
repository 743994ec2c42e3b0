// Async games (issue 22): the reminder and move-deadline settings of the home form and
// the lobby, and the table's notice of absent seats with "Let a bot play for…" and
// "Take back my seat". Kept apart so the other screens call it in one line each.

import { h, field } from '../dom.js';
import { t, lang } from '../i18n.js';
import { state, changed } from '../store.js';
import { send } from '../game.js';

export const REMINDERS = [null, 1, 12, 24]; // hours
export const DEADLINES = [null, 24, 72];

const asValue = (v) => (v == null ? '' : String(v));
const fromValue = (s) => (s === '' ? null : Number(s));

function reminderText(hours) {
  return hours == null ? t('async.reminderNever') : t('async.reminderAfter', { n: hours });
}

function deadlineText(hours) {
  return hours == null ? t('async.deadlineNone') : t(`async.deadline${hours}`);
}

/** The two selects of the creation form; `f.reminder`, `f.deadline` are hours or null. */
export function asyncFields(f, persist) {
  const select = (id, label, values, text) => field(t(label),
    h('select', {
      id, 'data-fk': id,
      onchange: (e) => { f[id] = fromValue(e.target.value); persist(); changed(); },
    }, values.map((v) => h('option', { value: asValue(v), selected: (f[id] ?? null) === v }, text(v)))));
  return h('div', { class: 'async-settings', id: 'async-settings' },
    select('reminder', 'async.reminder', REMINDERS, reminderText),
    select('deadline', 'async.deadline', DEADLINES, deadlineText));
}

/** The settings for the creation request: only those chosen, so the default stays the server's. */
export function asyncBody(f) {
  const out = {};
  if (REMINDERS.includes(f.reminder) && f.reminder != null) out.reminder = f.reminder;
  if (DEADLINES.includes(f.deadline) && f.deadline != null) out.deadline = f.deadline;
  return out;
}

// A choice's label inside a sentence: "After 12 h" -> "after 12 h" (en, cs and hu alike).
const inSentence = (text) => text.charAt(0).toLocaleLowerCase(lang()) + text.slice(1);

/** "Reminders: after 12 h · Move deadline: 1 day" (lobby), from the game's setup. */
export function settingsLine(setup) {
  if (!setup) return null;
  const reminder = setup.reminder ?? null;
  const deadline = setup.deadline ?? null;
  return h('p', { class: 'small', id: 'async-line', 'data-reminder': asValue(reminder), 'data-deadline': asValue(deadline) },
    h('span', { id: 'async-reminder' }, t('async.lobbyReminder', { when: inSentence(reminderText(reminder)) })), ' · ',
    h('span', { id: 'async-deadline' }, t('async.lobbyDeadline', { when: inSentence(deadlineText(deadline)) })));
}

// One redraw when the deadline passes, as it changes no version (so no poll brings it).
let redrawAt = null;
let redrawTimer = null;

function redrawWhenDue(deadlineAt) {
  if (deadlineAt === redrawAt) return;
  clearTimeout(redrawTimer);
  redrawAt = deadlineAt;
  const ms = deadlineAt ? Date.parse(deadlineAt) - Date.now() : NaN;
  // setTimeout takes at most ~24.8 days; longer deadlines redraw with any later news.
  if (ms > 0 && ms < 2 ** 31 - 1) redrawTimer = setTimeout(changed, ms + 1000);
}

/** Seats absent now: the server's list, and awaited humans whose deadline passed on this clock. */
function absentSeats(data, view) {
  const out = new Set(data.absent || []);
  const due = data.deadline_at ? Date.parse(data.deadline_at) : NaN;
  if (due <= Date.now()) {
    for (const s of view.awaiting || []) if (data.seats?.[s]?.kind === 'human') out.add(s);
  }
  return [...out].sort((a, b) => a - b);
}

/** The table's notice of absent seats, with the seat commands this player may send. */
export function absentPanel(view) {
  const data = state.game?.data;
  if (!data || data.status !== 'active') return null;
  redrawWhenDue(data.deadline_at);
  const absent = absentSeats(data, view);
  if (!absent.length) return null;
  const me = view.seat;
  const seats = data.seats || [];
  const mineStoodIn = me != null && !!seats[me]?.bot;
  const name = (s) => view.players[s]?.name || seats[s]?.name || t('common.seat', { n: s + 1 });
  const busy = !!state.game.busy;
  return h('section', { class: 'absent-panel', id: 'absent', 'aria-live': 'polite', 'aria-label': t('async.deadline') },
    absent.map((s) => {
      const played = !!seats[s]?.bot;
      const line = s === me ? t(played ? 'async.botPlaysYou' : 'async.missedYou')
        : t(played ? 'async.botPlays' : 'async.missed', { name: name(s) });
      const canStandIn = me != null && s !== me && !played && !mineStoodIn;
      return h('p', { class: 'notice info absent-seat', 'data-seat': s, 'data-stood-in': String(played) },
        h('span', 'msg', line), ' ',
        canStandIn ? h('button', { class: 'secondary stand-in', 'data-fk': `stand-in-${s}`, disabled: busy,
          onclick: () => send({ type: 'stand_in', seat: s }) }, t('async.standIn', { name: name(s) })) : null,
        s === me && played ? h('button', { class: 'take-back', id: 'take-back', 'data-fk': 'take-back', disabled: busy,
          onclick: () => send({ type: 'take_back' }) }, t('async.takeBack')) : null);
    }));
}
