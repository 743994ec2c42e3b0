// The game route: lobby while seats are free, then the table, then the end.

import { h, section } from '../dom.js';
import { t, list } from '../i18n.js';
import { state, notify, changed, clearNotice } from '../store.js';
import { tableScreen, actionBar, editionLine } from './table.js';
import { endScreen } from './end.js';
import { prefillFrom, colonyText } from './home.js';
import { cardButton } from '../cards.js';
import { settingsLine } from './absence.js';

/** The invite link of a free seat, pointing at this client. */
function inviteLink(gameId, code) {
  return `${location.origin}${location.pathname}#/join/${encodeURIComponent(gameId)}/${encodeURIComponent(code)}`;
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    notify('info', t('lobby.copied'));
    // A confirmation, not news: it goes after a few seconds (unless another notice
    // replaced it), and with the lobby when the game starts.
    const shown = state.notice;
    shown.screen = 'lobby';
    setTimeout(() => { if (state.notice === shown) clearNotice(); }, 4000);
  } catch (e) {
    notify('error', t('lobby.copyFailed'));
  }
}

function lobby(g) {
  const data = g.data;
  const seats = data.seats || [];
  const mySeat = data.seat ?? g.seatInfo?.seat;
  // Invites come with the game for the creator; the creation answer is kept too.
  const invites = data.invites?.length ? data.invites : g.seatInfo?.invites || [];
  return h('div', { id: 'lobby' },
    h('h1', null, t('lobby.title')),
    h('p', null, t('lobby.hint')),
    h('ul', 'seats panel', seats.map((s) => {
      const free = s.kind !== 'bot' && !s.joined;
      const inv = invites.find((i) => i.seat === s.seat);
      const code = inv ? inv.code : null;
      const link = inv ? (inv.url ? new URL(inv.url, location.href).href : inviteLink(g.id, code)) : null;
      return h('li', { 'data-seat': s.seat, class: free ? 'free' : 'taken' },
        h('div', null,
          h('b', null, t('common.seat', { n: s.seat + 1 })), ': ',
          s.kind === 'bot' ? h('span', 'state ok', `${t('lobby.bot')} (${t(`bot.${s.bot}`)})`)
            : free ? h('span', 'state free', t('lobby.free'))
              : h('span', 'state ok', `${s.name || ''} — ${s.seat === mySeat ? t('common.you') : t('lobby.joined')}`)),
        free && link ? h('div', 'stack',
          h('label', 'field', h('span', 'small', t('lobby.link', { n: s.seat + 1 })),
            h('input', { type: 'url', readonly: true, class: 'linkbox invite-link', value: link, 'data-code': code, onfocus: (e) => e.target.select() })),
          h('p', 'small', t('lobby.code', { code: '' }), h('span', 'code', code)),
          h('div', 'row',
            h('button', { class: 'copy', 'data-fk': `copy-${s.seat}`, onclick: () => copy(link) }, t('lobby.copy')),
            navigator.share ? h('button', { class: 'secondary', onclick: () => navigator.share({ title: t('app.title'), url: link }).catch(() => {}) }, t('lobby.share')) : null))
          : null);
    })),
    data.seat === null && seats.some((s) => s.kind !== 'bot' && !s.joined)
      ? h('p', null, h('a', { class: 'btn', id: 'take-seat', href: `#/join/${encodeURIComponent(g.id)}` }, t('join.btn')))
      : null,
    kingdomBox(data.setup),
    editionLine(data.edition),
    settingsLine(data.setup));
}

function kingdomBox(setup) {
  if (!setup?.kingdom) return null;
  return section({ class: 'panel', id: 'kingdom-preview' }, t('home.preview'),
    h('div', 'kingdom-preview', setup.kingdom.map((c) => cardButton(c, { small: true }))),
    setup.colony || setup.colony_odds ? h('p', { class: 'small', id: 'lobby-colony' }, colonyText(setup.colony, setup.colony_odds)) : null);
}

export function gameScreen({ go }) {
  const g = state.game;
  if (!g) return h('p', null, t('common.loading'));
  if (g.error) return h('div', 'panel', h('p', null, g.error), h('a', { href: '#/' }, t('nav.home')));
  if (!g.data) return h('p', { role: 'status' }, t('common.loading'));
  const status = g.data.status;
  const view = g.view;
  if (status === 'waiting' || !view || !view.players) return lobby(g);
  if (view.game_over && view.result) {
    return endScreen(view, { go, onAgain: () => { prefillFrom(view); state.ui.home.rolled = null; go('#/'); changed(); } });
  }
  // The one h1 of the table (the status bar shows the turn).
  return [h('h1', 'sr-only', t('home.with', { names: list(view.players.filter((p) => p.seat !== view.seat).map((p) => p.name)) })),
    tableScreen(view)];
}

export function gameBar() {
  const g = state.game;
  if (!g || !g.view || !g.view.players || g.view.game_over) return null;
  return actionBar(g.view);
}
