// UI strings (one table a language in lang/, only the page's is loaded); card texts come from /api/cards.
// Only an explicit language choice is kept on the device; otherwise the browser's languages decide.

export const LANGS = ['en', 'cs', 'hu'];
export const LANG_NAMES = { en: 'English', cs: 'Čeština', hu: 'Magyar' };
const KEY = 'dominion.lang';

// Plural forms: strings may be {one, few, other}; the CLDR rules of the browser pick
// the category (Czech: 1 karta, 2-4 karty, 5+ karet; Czech "many" is for decimals only).
const PLURALS = {};
function pluralForm(lang, n) {
  const rules = PLURALS[lang] || (PLURALS[lang] = new Intl.PluralRules(lang));
  return rules.select(n);
}

// Prompts whose text is another prompt's in every language: prompt.expand.trash says prompt.remodel.trash.
const SAME_PROMPT = {
  'remodel.trash': ['expand.trash', 'trade_route.trash', 'investment.trash', 'replace.trash', 'upgrade.trash'],
  'workshop.gain': ['expand.gain', 'anvil.gain', 'feast.gain', 'remodel.gain', 'ironworks.gain'],
  'militia.discard': ['goons.discard'],
  'sentry.order': ['rabble.order', 'patrol.order', 'scout.order'],
  'secret_chamber.discard': ['vault.discard'],
  'upgrade.gain': ['forge.gain'],
  'courtyard.topdeck': ['clerk.topdeck', 'artisan.topdeck'],
  'generic.option': ['investment.choose', 'minion.choose', 'nobles.choose', 'steward.choose'],
  'royal_seal.topdeck': ['tiara.topdeck'],
};
const SAME_TEXT = {};
for (const [shared, keys] of Object.entries(SAME_PROMPT)) {
  for (const k of keys) SAME_TEXT[`prompt.${k}`] = `prompt.${shared}`;
}

// Loaded language tables; the page's own is loaded before the first paint.
const STRINGS = {};
// Placeholders that are always the same card, in the catalog's language.
const NAMED = { platinum: 'Platinum', colony: 'Colony', province: 'Province' };
let current = detect();
let cardNames = {}; // English name -> local name for the current language
// The page's language from the first paint: hyphenation, fonts and screen readers use it.
document.documentElement.lang = current;

function detect() {
  try {
    const saved = localStorage.getItem(KEY);
    if (LANGS.includes(saved)) return saved;
  } catch (e) { /* storage may be off: fall back to the browser */ }
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).toLowerCase().slice(0, 2);
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

export function lang() { return current; }

/** Load the table of `l` (once); resolves when `t` can speak it. */
export async function loadStrings(l) {
  if (!STRINGS[l]) STRINGS[l] = (await import(`./lang/${l}.js`)).default;
}

/** Add the sections of a table loaded on demand to language `l`'s. */
export function addStrings(l, table) { Object.assign(STRINGS[l], table); }

/** The player chose language `l`: kept on this device. */
export async function setLang(l) {
  if (!LANGS.includes(l)) return;
  try { localStorage.setItem(KEY, l); } catch (e) { /* ignore */ }
  await loadStrings(l);
  current = l;
  document.documentElement.lang = l;
}

/** The string of `key` ("home.new": the table's home section, its new) in the current language. */
function lookup(key) {
  const dot = key.indexOf('.');
  const section = (STRINGS[current] || {})[key.slice(0, dot)];
  return section?.[key.slice(dot + 1)];
}

/** Translate `key` with `{name}` placeholders; `n` picks the plural form. */
export function t(key, args) {
  key = SAME_TEXT[key] || key;
  let s = lookup(key);
  if (s === undefined) return key;
  if (typeof s === 'object') {
    const n = typeof args?.n === 'number' ? args.n : 0;
    s = s[pluralForm(current, n)] || s.other;
  }
  return s.replace(/\{(\w+)\}/g, (m, k) => {
    if (args?.[k] !== undefined) return String(args[k]);
    return NAMED[k] ? cardName(NAMED[k]) : m;
  });
}

/** True if the current language has `key` (every table has the same keys). */
export function has(key) { return key in SAME_TEXT || lookup(key) !== undefined; }

export function setCardNames(map) { cardNames = map || {}; }

/** Display name of a card (English name as fallback). */
export function cardName(name) { return cardNames[name] || name; }

/** 2 -> "2nd" in English, "2." in Czech and Hungarian. */
export function ordinal(n) {
  if (current !== 'en') return `${n}.`;
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th';
  return `${n}${suffix}`;
}

/** "A, B and C" in the current language. */
export function list(items) {
  return new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(items);
}

/** "$3" in every language, as the cards print it. */
export function money(n) { return `$${n}`; }
