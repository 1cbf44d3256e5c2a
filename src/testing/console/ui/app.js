// The console: asks for the admin token once, then shows one view at a time and polls the
// control API (polling with fetch: a browser event stream cannot send the Authorization header).
import { mountAgenda } from './agenda.js';
import { createApi } from './api.js';
import { fill, h, timeOfDay } from './dom.js';
import { mountRequests } from './requests.js';
import { mountServer } from './server.js';
import { mountWebhooks } from './webhooks.js';

const POLL_MS = 1000;
const VIEWS = [
  { id: 'requests', title: 'Requests', mount: mountRequests },
  { id: 'webhooks', title: 'Webhooks', mount: mountWebhooks },
  { id: 'agenda', title: 'Agenda', mount: mountAgenda },
  { id: 'server', title: 'Clock, chaos, faults', mount: mountServer },
];

const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content ?? '';
const schedule = {
  retryDelaysMs: meta('retry-delays-ms').split(',').map(Number),
  disableAfter: Number(meta('disable-after')),
};

const main = document.getElementById('main');
const tabs = document.getElementById('tabs');
const clock = document.getElementById('clock');
const live = document.getElementById('live');
const forget = document.getElementById('forget');
const api = createApi(new URL('../', location.href), () => showLogin('The token was refused.'));

let current;
let timer;
let running = false;
let paused = false;

function showLogin(message) {
  clearTimeout(timer);
  current = undefined;
  api.forget();
  tabs.hidden = true;
  forget.hidden = true;
  fill(clock);
  fill(live);
  const input = h('input', {
    id: 'token',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
  });
  const keep = h('input', { id: 'keep', type: 'checkbox', checked: true });
  const error = h('p', { class: 'error', role: 'alert' }, message ?? '');
  const form = h(
    'form',
    { id: 'login', onsubmit: (event) => login(event, input.value.trim(), keep.checked, error) },
    h('h2', {}, 'Admin token'),
    h(
      'p',
      {},
      'The token the server printed as CLINIC_ADMIN_TOKEN. It stays in this tab and is sent ',
      'only in the Authorization header.',
    ),
    h('label', { for: 'token' }, 'Token'),
    input,
    h('label', { class: 'check' }, keep, ' Keep it until this tab closes (session storage)'),
    h('button', { type: 'submit' }, 'Open the console'),
    error,
  );
  fill(main, form);
  input.focus();
}

async function login(event, token, keep, error) {
  event.preventDefault();
  if (!token) return;
  api.setToken(token, keep);
  try {
    await api.get('clock');
  } catch (e) {
    fill(error, e.status === 401 ? 'That token was refused.' : `The server answered ${e.message}`);
    api.forget();
    return;
  }
  start();
}

function start() {
  tabs.hidden = false;
  forget.hidden = false;
  fill(
    tabs,
    VIEWS.map((view) =>
      h('a', { href: `#${view.id}`, id: `tab-${view.id}`, dataset: { view: view.id } }, view.title),
    ),
    h(
      'button',
      {
        id: 'pause',
        type: 'button',
        onclick: (event) => {
          paused = !paused;
          event.target.textContent = paused ? 'Resume live updates' : 'Pause live updates';
          if (!paused) refresh();
        },
      },
      'Pause live updates',
    ),
  );
  show();
}

function show() {
  if (!api.hasToken) return;
  const id = location.hash.slice(1);
  const view = VIEWS.find((v) => v.id === id) ?? VIEWS[0];
  for (const a of tabs.querySelectorAll('a')) {
    if (a.dataset.view === view.id) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  const root = h('section', { id: `view-${view.id}`, class: 'view' }, h('h2', {}, view.title));
  fill(main, root);
  current = view.mount(root, { api, schedule, refresh });
  refresh();
}

/** Reads the clock and the shown view now, then every POLL_MS while shown and not paused. */
async function refresh() {
  clearTimeout(timer);
  if (running || !current || document.hidden) return;
  running = true;
  const view = current;
  try {
    const [{ data }] = await Promise.all([api.get('clock'), view.refresh()]);
    clock.dataset.ms = String(data.ms);
    fill(clock, `${data.now.slice(0, 10)} ${timeOfDay(data.ms)} UTC`);
    fill(live, paused ? 'paused' : 'live');
    live.className = paused ? 'live paused' : 'live';
  } catch (e) {
    fill(live, `update failed: ${e.message}`);
    live.className = 'live failed';
  } finally {
    running = false;
  }
  if (current && !paused) timer = setTimeout(refresh, POLL_MS);
}

forget.addEventListener('click', () => showLogin());
document.addEventListener('visibilitychange', () => {
  if (!paused) refresh();
});
window.addEventListener('hashchange', show);
if (api.hasToken) start();
else showLogin();
