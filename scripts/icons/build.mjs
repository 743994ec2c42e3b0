// Builds frontend/icons/cards.svg, one SVG sprite of the card pictures, from
// cards.json (card name -> Game Icons name) and the npm package
// @iconify-json/game-icons (Game Icons by Lorc, Delapouite and contributors,
// CC BY 3.0). Build-time only: the sprite is committed, the client never loads
// this package. Run: npm ci --prefix scripts/icons && node scripts/icons/build.mjs
//
// The pictures show at 96 px at most, so their paths are redrawn on a GRID-unit
// square with whole-number coordinates (an error under 0.5/GRID of the size:
// 0.75 px at 96 px, 0.3 px at a tile's 40 px; 128 would cost 4 KB more
// compressed for no visible gain), each segment written absolute or relative,
// whichever is shorter. The output depends only on the inputs: tests/test_icons.py compares
// the digest recorded in the sprite with the mapping's, and runs this script
// when the package is installed to check the committed file is its output.

import { readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = process.argv[2] || join(HERE, '..', '..', 'frontend', 'icons', 'cards.svg');
const GRID = 64;
const SOURCE = 512; // Game Icons' viewBox

/** The symbol id of a card: "King's Court" -> "king-s-court" (the client's card.js does the same). */
export const symbolId = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const ARGS = { M: 2, L: 2, T: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, A: 7, Z: 0 };

/** Path data as [command, numbers] with every command absolute (an implicit repeat made explicit). */
function absolute(d) {
  const tokens = d.match(/[a-zA-Z]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?/g);
  const out = [];
  let x = 0, y = 0, sx = 0, sy = 0, i = 0, cmd = null;
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) cmd = tokens[i++];
    else if (cmd === 'M') cmd = 'L'; // numbers after a moveto are linetos
    else if (cmd === 'm') cmd = 'l';
    const up = cmd.toUpperCase();
    const rel = cmd !== up;
    const n = [];
    for (let k = 0; k < ARGS[up]; k++) n.push(Number(tokens[i++]));
    if (up === 'Z') { x = sx; y = sy; out.push(['Z', []]); continue; }
    if (up === 'H') { x = rel ? x + n[0] : n[0]; out.push(['L', [x, y]]); continue; }
    if (up === 'V') { y = rel ? y + n[0] : n[0]; out.push(['L', [x, y]]); continue; }
    if (up === 'A') {
      const p = [n[0], n[1], n[2], n[3], n[4], rel ? x + n[5] : n[5], rel ? y + n[6] : n[6]];
      [x, y] = [p[5], p[6]];
      out.push(['A', p]);
      continue;
    }
    const p = n.map((v, k) => (rel ? v + (k % 2 ? y : x) : v));
    [x, y] = [p[p.length - 2], p[p.length - 1]];
    if (up === 'M') [sx, sy] = [x, y];
    out.push([up, p]);
  }
  return out;
}

const num = (v) => String(v).replace(/^(-?)0\./, '$1.');

/** Numbers joined as SVG allows: no separator before a minus sign. */
function join2(nums) {
  let s = '';
  for (const v of nums) {
    const t = num(v);
    s += s && !t.startsWith('-') ? ` ${t}` : t;
  }
  return s;
}

/** Absolute segments scaled to the grid, rounded, and written in the shorter of both forms. */
function minify(segs) {
  const f = GRID / SOURCE;
  const r = (v) => Math.round(v * f) || 0; // no "-0"
  let x = 0, y = 0, sx = 0, sy = 0, prev = null, out = '';
  for (const [c, p] of segs) {
    if (c === 'Z') { out += 'z'; x = sx; y = sy; prev = 'z'; continue; }
    let q;
    if (c === 'A') q = [r(p[0]), r(p[1]), Math.round(p[2]), p[3], p[4], r(p[5]), r(p[6])];
    else q = p.map(r);
    const ex = q[q.length - 2], ey = q[q.length - 1];
    let forms;
    if (c === 'L' && ey === y && ex !== x) forms = [['H', [ex]], ['h', [ex - x]]];
    else if (c === 'L' && ex === x && ey !== y) forms = [['V', [ey]], ['v', [ey - y]]];
    else if (c === 'L' && ex === x && ey === y) continue; // a zero-length line after rounding
    else {
      const rel = c === 'A' ? [...q.slice(0, 5), ex - x, ey - y] : q.map((v, k) => v - (k % 2 ? y : x));
      forms = [[c, q], [c.toLowerCase(), rel]];
    }
    const text = forms.map(([fc, fn]) => (fc === prev && fc !== 'M' && fc !== 'm' ? '' : fc) + join2(fn))
      .map((s) => (/^[\d.]/.test(s) && out && /[\d.]$/.test(out) ? ` ${s}` : s));
    const k = text[1].length < text[0].length ? 1 : 0;
    out += text[k];
    prev = forms[k][0];
    [x, y] = [ex, ey];
    if (c === 'M') [sx, sy] = [x, y];
  }
  return out;
}

const require = createRequire(import.meta.url);
const set = require('@iconify-json/game-icons/icons.json');
const mappingText = readFileSync(join(HERE, 'cards.json'), 'utf8');
const mapping = Object.entries(JSON.parse(mappingText)).filter(([k]) => !k.startsWith('_'));
const pkg = require('@iconify-json/game-icons/package.json');

const symbols = mapping.map(([card, icon]) => {
  const body = set.icons[icon]?.body;
  if (!body) throw new Error(`${card}: no icon "${icon}" in @iconify-json/game-icons ${pkg.version}`);
  const d = body.match(/ d="([^"]+)"/)[1];
  return `<symbol id="${symbolId(card)}" viewBox="0 0 ${GRID} ${GRID}"><path d="${minify(absolute(d))}"/></symbol>`;
});
// The digest of what the sprite is made from: the mapping, the icon set's version and GRID.
const digest = createHash('sha256').update(`${mappingText}\0${pkg.version}\0${GRID}`).digest('hex').slice(0, 16);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" data-source="${digest}">`
  + `<!-- Game Icons (game-icons.net) by Lorc, Delapouite and contributors, CC BY 3.0; `
  + `built by scripts/icons/build.mjs from @iconify-json/game-icons ${pkg.version} -->\n`
  + `${symbols.join('\n')}\n</svg>\n`;
writeFileSync(OUT, svg);
console.log(`${OUT}: ${symbols.length} symbols, ${svg.length} B, source ${digest}`);
