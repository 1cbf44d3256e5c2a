// Every text reaches the page as a text node or an attribute value, never as markup: the
// clinic's data (a patient named `<img src=x onerror=...>`) shows as the string it is.

/** An element with properties, listeners (`onclick`) and children (strings become text). */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'value' || key === 'checked' || key === 'disabled') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/** Appends children: nodes as they are, anything else as text; `null` and `false` skipped. */
export function append(el, children) {
  for (const child of children.flat(Number.POSITIVE_INFINITY)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** A button that is not a form's submit. */
export function button(label, onclick, props = {}) {
  return h('button', { type: 'button', ...props, onclick }, label);
}

/**
 * `act(send, done)`: runs `send()` (a control request), says in `notice` what `done(answer)`
 * returns or why it failed, then calls `after` (a refresh).
 */
export function actor(notice, after) {
  return async (send, done) => {
    try {
      const { data } = await send();
      fill(notice, done(data));
      notice.className = 'notice';
    } catch (e) {
      fill(notice, e.detail ?? e.message);
      notice.className = 'notice error';
    }
    after();
  };
}

/** A `<select>` of `[value, label]` pairs (or strings). */
export function select(label, options, onchange) {
  return h(
    'select',
    { 'aria-label': label, onchange },
    options.map((o) => {
      const [value, text] = Array.isArray(o) ? o : [o, o];
      return h('option', { value }, text);
    }),
  );
}

/** Keeps a `<select>`'s options in step with `options`, its choice kept when still offered. */
export function setOptions(sel, options) {
  const chosen = sel.value;
  const pairs = options.map((o) => (Array.isArray(o) ? o : [o, o]));
  const same =
    sel.options.length === pairs.length &&
    pairs.every(([v, t], i) => sel.options[i].value === String(v) && sel.options[i].text === t);
  if (same) return;
  fill(
    sel,
    pairs.map(([value, text]) => h('option', { value }, text)),
  );
  if (pairs.some(([v]) => String(v) === chosen)) sel.value = chosen;
}

/** A table with a header row; returns it and its body. */
export function table(id, headings) {
  const body = h('tbody');
  const el = h(
    'table',
    { id },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headings.map((t) => h('th', { scope: 'col' }, t)),
      ),
    ),
    body,
  );
  return { el, body };
}

const pad = (n) => String(n).padStart(2, '0');

/** An instant (ISO text or epoch ms) as `YYYY-MM-DD hh:mm:ss` in UTC, as the control API keeps time. */
export function instant(value) {
  if (value === null || value === undefined) return '';
  const ms = typeof value === 'number' ? value : Date.parse(value);
  if (Number.isNaN(ms)) return String(value);
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A span of time: `1 min`, `2 h 36 min`, `450 ms`. */
export function span(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** `hh:mm:ss` of a clock instant, for the header. */
export function timeOfDay(ms) {
  const d = new Date(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
