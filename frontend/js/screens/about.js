// About: what this is, who made the game and the pictures, and their licences
// (Game Icons are CC BY 3.0: the credit must show). Loaded on demand.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { icon } from '../card.js';

const GAME_ICONS = 'https://game-icons.net/';
const CC_BY = 'https://creativecommons.org/licenses/by/3.0/';

export function aboutScreen() {
  const out = (href, text) => h('a', { href, rel: 'noopener', target: '_blank' }, text);
  return h('div', { class: 'about', id: 'about' },
    h('h1', null, t('about.title')),
    h('p', null, t('about.intro')),
    h('p', { id: 'about-game' }, t('about.game')),
    h('section', { class: 'panel', 'aria-labelledby': 'about-icons-title' },
      h('h2', { id: 'about-icons-title' }, icon('village', 'pic about-pic'), ' ', t('about.iconsTitle')),
      h('p', { id: 'about-icons' }, t('about.icons')),
      h('p', null, out(GAME_ICONS, 'game-icons.net'), ' · ', out(CC_BY, t('about.licence')))),
    h('p', null, h('a', { href: '#/', id: 'about-back', class: 'btn secondary' }, t('about.back'))));
}
