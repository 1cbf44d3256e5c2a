// The request log (`GET /__control/requests`): newest first, filterable; a row opens its
// headers, secrets masked by the server exactly as in the JSON log.
import { fill, h, instant, select, table } from './dom.js';

const SHOWN = 500;

function pathOf(entry) {
  const query = new URLSearchParams(entry.query ?? {}).toString();
  return query ? `${entry.path}?${query}` : entry.path;
}

// `{ source: 'chaos', action: 'loseResponse' }` → `chaos: loseResponse`.
const outcomeOf = (entry) =>
  entry.outcome ? `${entry.outcome.source}: ${entry.outcome.action}` : '';

// Status 0: the server produced none (a network error, or the client went away first).
const statusOf = (entry) => (entry.status ? String(entry.status) : 'none');
const statusClass = (status) => (status ? `${Math.floor(status / 100)}xx` : 'none');

/** Mounts the view in `root`; `refresh()` reads the log again. */
export function mountRequests(root, ctx) {
  const text = h('input', {
    id: 'request-filter',
    type: 'search',
    placeholder: 'Filter: path, status, outcome, header',
    'aria-label': 'Filter requests',
  });
  const method = select('Method', [['', 'any method'], 'GET', 'POST', 'PATCH'], render);
  const status = select(
    'Status',
    [
      ['', 'any status'],
      ['2xx', '2xx'],
      ['4xx', '4xx'],
      ['5xx', '5xx'],
      ['none', 'no answer'],
      ['outcome', 'fault or chaos'],
    ],
    render,
  );
  method.id = 'request-method';
  status.id = 'request-status';
  const count = h('span', { id: 'request-count', class: 'muted' });
  const log = table('requests', [
    'Time (UTC)',
    'Method',
    'Path',
    'Status',
    'Duration',
    'Attempt',
    'Outcome',
  ]);
  text.addEventListener('input', render);
  root.append(h('div', { class: 'toolbar' }, text, method, status, count), log.el);

  let entries = [];
  let lastText;
  const opened = new Set();

  function matches(entry) {
    if (method.value && entry.method !== method.value) return false;
    const cls = statusClass(entry.status);
    if (status.value === 'outcome' ? !outcomeOf(entry) : status.value && cls !== status.value) {
      return false;
    }
    const needle = text.value.trim().toLowerCase();
    if (!needle) return true;
    const headers = Object.entries(entry.headers ?? {}).map(([k, v]) => `${k}: ${v}`);
    const hay = [entry.method, pathOf(entry), statusOf(entry), outcomeOf(entry), ...headers];
    return hay.join('\n').toLowerCase().includes(needle);
  }

  function row(entry, index) {
    const key = `${index}`;
    const cells = h(
      'tr',
      {
        class: `request s${statusClass(entry.status)}${outcomeOf(entry) ? ' faulted' : ''}`,
        dataset: { index: key, status: entry.status },
        tabindex: 0,
        onclick: () => {
          if (opened.has(key)) opened.delete(key);
          else opened.add(key);
          render();
        },
      },
      h('td', { class: 'time' }, instant(entry.time)),
      h('td', { class: 'method' }, entry.method),
      h('td', { class: 'path' }, pathOf(entry)),
      h('td', { class: 'status' }, statusOf(entry)),
      h('td', { class: 'duration' }, `${Math.round(entry.durationMs)} ms`),
      h('td', { class: 'attempt' }, entry.attempt ?? ''),
      h('td', { class: 'outcome' }, outcomeOf(entry)),
    );
    if (!opened.has(key)) return cells;
    const headers = Object.entries(entry.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n');
    return [
      cells,
      h(
        'tr',
        { class: 'details' },
        h('td', { colspan: 7 }, h('pre', { class: 'headers' }, headers || '(no headers)')),
      ),
    ];
  }

  function render() {
    const shown = [];
    for (let i = entries.length - 1; i >= 0 && shown.length < SHOWN; i -= 1) {
      if (matches(entries[i])) shown.push(row(entries[i], i));
    }
    fill(log.body, shown);
    fill(
      count,
      shown.length === entries.length
        ? `${entries.length} requests`
        : `${shown.length} shown of ${entries.length}`,
    );
  }

  return {
    async refresh() {
      const { data, text: body } = await ctx.api.get('requests');
      if (body === lastText) return;
      lastText = body;
      entries = data.requests;
      render();
    },
  };
}
