// Tiny DOM helpers: build elements from data, never from HTML strings (safe for any text).

/**
 * Create an element. `attrs`: a class name, or an object of class, on<Event>
 * and other attributes (true: empty, false/null: none). A button is type=button unless told.
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (tag === 'button') el.type = 'button';
  if (typeof attrs === 'string') el.className = attrs;
  else if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === false || v == null) continue;
      if (k === 'class') el.className = v;
      else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'value') el.value = v;
      else if (k === 'checked' || k === 'selected' || k === 'disabled') el[k] = !!v;
      else el.setAttribute(k, v === true ? '' : String(v));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/** A random hex string (works outside secure contexts, unlike randomUUID). */
export function randomId(bytes = 16) {
  const a = new Uint8Array(bytes);
  crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A section named by its heading (id `<section id>-title`). */
export function section(attrs, title, ...children) {
  const id = `${attrs.id}-title`;
  return h('section', { ...attrs, 'aria-labelledby': id }, h('h2', { id }, title), ...children);
}

/** A form control labelled by `text` above it. */
export function field(text, ...children) {
  return h('label', 'field', h('span', null, text), ...children);
}
