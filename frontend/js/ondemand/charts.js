// Small SVG line charts, built with createElementNS (no HTML strings, no library).
// Loaded on demand with the statistics screen. Colours and dash patterns tell the
// lines apart (not colour alone); every chart comes with a text table elsewhere.

const NS = 'http://www.w3.org/2000/svg';

/** Line colours (AA contrast on the panel) and dashes, by series index. */
export const COLORS = ['#2f5d8a', '#9b1c1c', '#1f6b3a', '#8a4b00', '#6b3fa0', '#00697a'];
const DASHES = [null, '6 3', '2 3', '8 3 2 3', '1 2', '10 4'];

// The drawing's own units; the SVG scales to its box (360 px wide phones: about 1:1).
const W = 340;
const H = 200;
const PAD = { left: 34, right: 10, top: 10, bottom: 30 };

/** An SVG element with attributes. */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) el.setAttribute(k, String(v));
  for (const c of children) if (c) el.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  return el;
}

/** About `count` round steps (1, 2, 5, 10, 20...) from 0 to at least `max`. */
export function ticks(max, count = 5) {
  if (max <= 0) return [0];
  const raw = max / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((st) => st >= raw);
  const out = [0];
  while (out[out.length - 1] < max - 1e-9) out.push(Math.round((out[out.length - 1] + step) * 1e6) / 1e6);
  return out;
}

/**
 * A line chart: one polyline per series (`[{name, points: [[x, y], ...]}]`, x and y
 * numbers, y from 0). `label`: what the chart shows (its accessible name);
 * `xLabel`: the x axis. Returns the <svg> (role img: its data is in a table beside it).
 */
export function lineChart({ label, xLabel, series, id }) {
  const xs = series.flatMap((se) => se.points.map((p) => p[0]));
  const ys = series.flatMap((se) => se.points.map((p) => p[1]));
  const xMin = xs.length ? Math.min(...xs) : 0;
  const xMax = xs.length ? Math.max(...xs, xMin + 1) : 1;
  const yTicks = ticks(Math.max(1, ...ys));
  const yMax = yTicks[yTicks.length - 1] || 1;
  const yMin = Math.min(0, ...ys);
  const px = (x) => PAD.left + ((x - xMin) / (xMax - xMin)) * (W - PAD.left - PAD.right);
  const py = (y) => H - PAD.bottom - ((y - yMin) / (yMax - yMin || 1)) * (H - PAD.top - PAD.bottom);
  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, width: '100%', role: 'img', 'aria-label': label,
    class: 'chart', id, 'font-size': 11, 'font-family': 'system-ui, sans-serif' });
  // Axes and labels in the text's colour (whatever the theme), the grid faint.
  const grid = s('g', { 'aria-hidden': 'true', fill: 'currentColor' });
  for (const y of yTicks) {
    grid.appendChild(s('line', { x1: PAD.left, x2: W - PAD.right, y1: py(y), y2: py(y), stroke: 'currentColor', 'stroke-opacity': 0.2 }));
    grid.appendChild(s('text', { x: PAD.left - 4, y: py(y) + 4, 'text-anchor': 'end' }, String(y)));
  }
  for (const x of ticks(xMax - xMin, 6).map((d) => d + xMin).filter((x) => x <= xMax)) {
    grid.appendChild(s('text', { x: px(x), y: H - PAD.bottom + 14, 'text-anchor': 'middle' }, String(x)));
  }
  grid.appendChild(s('text', { x: (PAD.left + W - PAD.right) / 2, y: H - 3, 'text-anchor': 'middle' }, xLabel));
  grid.appendChild(s('line', { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, stroke: 'currentColor' }));
  grid.appendChild(s('line', { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, stroke: 'currentColor' }));
  svg.appendChild(grid);
  series.forEach((se, i) => {
    const pts = se.points.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(' ');
    const color = COLORS[i % COLORS.length];
    const g = s('g', { class: 'series', 'data-series': i, 'aria-hidden': 'true' },
      s('polyline', { points: pts, fill: 'none', stroke: color, 'stroke-width': 2.5,
        'stroke-dasharray': DASHES[i % DASHES.length], 'stroke-linejoin': 'round' }));
    // A lone point (a one-turn game) still shows: every point gets a small dot.
    for (const [x, y] of se.points) g.appendChild(s('circle', { cx: px(x), cy: py(y), r: 2.5, fill: color }));
    svg.appendChild(g);
  });
  return svg;
}

/** A short sample of series `i`'s line, for a legend beside the chart. */
export function swatch(i) {
  return s('svg', { viewBox: '0 0 28 10', width: 28, height: 10, 'aria-hidden': 'true' },
    s('line', { x1: 1, x2: 27, y1: 5, y2: 5, stroke: COLORS[i % COLORS.length], 'stroke-width': 3,
      'stroke-dasharray': DASHES[i % DASHES.length] }));
}
