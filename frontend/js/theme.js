// Light or dark: "auto" follows the system's colour scheme (prefers-color-scheme);
// a choice of light or dark is kept on this device. <html data-theme> tells the
// styles (css/theme.css) which one shows.

import { h } from './dom.js';
import { t } from './i18n.js';

const KEY = 'dominion.theme';
export const THEMES = ['auto', 'light', 'dark'];
const system = matchMedia('(prefers-color-scheme: dark)');

/** The choice kept on this device ("auto" when none, or storage is off). */
export function choice() {
  try {
    const saved = localStorage.getItem(KEY);
    return THEMES.includes(saved) ? saved : 'auto';
  } catch (e) {
    return 'auto';
  }
}

/** Show the scheme the choice means now. */
export function applyTheme() {
  const c = choice();
  document.documentElement.dataset.theme = c === 'auto' ? (system.matches ? 'dark' : 'light') : c;
}

function choose(c, onChange) {
  try {
    if (c === 'auto') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, c);
  } catch (e) { /* storage off: the choice lasts this page */ }
  applyTheme();
  onChange();
}

/** The auto / light / dark switch (three toggle buttons, one pressed). */
export function themeSwitch(onChange) {
  const now = choice();
  return h('div', { class: 'tabs', role: 'group', id: 'theme', 'aria-labelledby': 'theme-label' },
    THEMES.map((c) => h('button', {
      'data-theme': c, 'data-fk': `theme-${c}`, 'aria-pressed': String(c === now), onclick: () => choose(c, onChange),
    }, t(`theme.${c}`))));
}

applyTheme();
system.addEventListener('change', applyTheme);

/** The foot of the home form: the switch, and the link to About (credits, licences). */
export function appearanceRow(onChange) {
  return h('footer', { class: 'appearance', id: 'appearance' },
    h('div', { class: 'row' }, h('span', { id: 'theme-label', class: 'small' }, t('theme.label')), themeSwitch(onChange)),
    h('a', { href: '#/about', id: 'about-link' }, t('about.link')));
}
