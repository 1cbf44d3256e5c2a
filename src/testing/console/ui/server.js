// The server's clock (now, set, advance), chaos (its spec and statistics, the invariants'
// report), injected faults, and reset.
import { actor, button, fill, h, instant, span, table } from './dom.js';

const ADVANCES = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 86_400_000];
const CHAOS_EXAMPLE = '{ "seed": 1, "statusRate": 0.1, "networkErrorRate": 0.05 }';
const FAULT_EXAMPLE =
  '{ "method": "POST", "path": "/api/public/v1/appointments", "status": 503, "times": 1 }';

function jsonArea(id, label, example) {
  return [
    h('label', { for: id }, label),
    h('textarea', { id, rows: 3, spellcheck: 'false' }, example),
  ];
}

/** Mounts the view in `root`; `refresh()` reads the clock, chaos and faults again. */
export function mountServer(root, ctx) {
  const notice = h('p', { id: 'server-notice', class: 'notice', role: 'status' });
  const now = h('output', { id: 'server-now' });
  const setAt = h('input', { id: 'clock-set', type: 'text', placeholder: '2026-03-02T12:00:00Z' });
  const minutes = h('input', { id: 'clock-minutes', type: 'number', min: 0, step: 1, value: '10' });
  const chaos = h('div', { id: 'chaos' });
  const invariants = h('div', { id: 'invariants' });
  const faults = table('faults', ['Id', 'Method', 'Path', 'Acts', 'Remaining', 'Times', '']);

  const act = actor(notice, () => ctx.refresh());
  const advance = (ms) =>
    act(
      () => ctx.api.post('clock/advance', { ms }),
      (d) => `Advanced ${span(ms)}: now ${instant(d.now)} UTC`,
    );
  const parsed = (id) => () => {
    const text = document.getElementById(id).value;
    let value;
    try {
      value = JSON.parse(text);
    } catch (e) {
      return Promise.reject(new Error(`Not JSON: ${e.message}`));
    }
    return Promise.resolve(value);
  };

  root.append(
    notice,
    h(
      'div',
      { class: 'cards' },
      h(
        'section',
        { class: 'card', id: 'clock-card' },
        h('h3', {}, 'Clock'),
        h('p', {}, 'Now: ', now, ' UTC'),
        h(
          'div',
          { class: 'buttons' },
          ADVANCES.map((ms) =>
            button(`+${span(ms)}`, () => advance(ms), { class: 'advance', dataset: { ms } }),
          ),
        ),
        h(
          'form',
          {
            onsubmit: (event) => {
              event.preventDefault();
              advance(Number(minutes.value) * 60_000);
            },
          },
          h('label', { for: 'clock-minutes' }, 'Advance by minutes'),
          minutes,
          h('button', { type: 'submit' }, 'Advance'),
        ),
        h(
          'form',
          {
            onsubmit: (event) => {
              event.preventDefault();
              act(
                () => ctx.api.post('clock', { now: setAt.value.trim() }),
                (d) => `Clock set: now ${instant(d.now)} UTC`,
              );
            },
          },
          h('label', { for: 'clock-set' }, 'Set to (ISO 8601 with an offset)'),
          setAt,
          h('button', { type: 'submit' }, 'Set'),
        ),
      ),
      h(
        'section',
        { class: 'card', id: 'chaos-card' },
        h('h3', {}, 'Chaos'),
        chaos,
        jsonArea('chaos-spec', 'Chaos spec (JSON)', CHAOS_EXAMPLE),
        h(
          'div',
          { class: 'buttons' },
          button('Start chaos', () =>
            act(
              () => parsed('chaos-spec')().then((spec) => ctx.api.post('chaos', spec)),
              () => 'Chaos started',
            ),
          ),
          button('Stop chaos', () =>
            act(
              () => ctx.api.send('POST', 'chaos', null),
              () => 'Chaos stopped',
            ),
          ),
        ),
        h('h3', {}, 'Invariants'),
        invariants,
      ),
      h(
        'section',
        { class: 'card', id: 'faults-card' },
        h('h3', {}, 'Faults'),
        faults.el,
        jsonArea('fault-spec', 'Fault (JSON; "times": "always" for every match)', FAULT_EXAMPLE),
        h(
          'div',
          { class: 'buttons' },
          button('Inject', () =>
            act(
              () => parsed('fault-spec')().then((spec) => ctx.api.post('faults', spec)),
              (d) => `Fault ${d.id} injected`,
            ),
          ),
          button('Clear faults', () =>
            act(
              () => ctx.api.send('DELETE', 'faults'),
              (d) => `Faults cleared: ${d.removed.length} removed (chaos runs on)`,
            ),
          ),
        ),
        h('h3', {}, 'Reset'),
        button(
          'Reset the server',
          () => {
            if (confirm('Reset the server: every record, log and delivery is dropped.')) {
              act(
                () => ctx.api.post('reset'),
                () => 'Server reset',
              );
            }
          },
          { class: 'danger' },
        ),
      ),
    ),
  );

  function renderChaos(data) {
    const mode = data.chaos;
    fill(
      chaos,
      mode
        ? [
            h('p', { class: 'running' }, 'Running: ', h('code', {}, JSON.stringify(mode.spec))),
            h(
              'dl',
              { class: 'stats' },
              Object.entries(mode.stats).map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]),
            ),
          ]
        : h('p', { class: 'muted' }, 'No chaos running.'),
    );
    const report = data.invariants;
    fill(
      invariants,
      h(
        'p',
        { class: report.ok ? 'ok' : 'error', dataset: { ok: String(report.ok) } },
        report.ok ? 'Every invariant holds' : `${report.violations.length} broken`,
        ` (checked ${report.checked.appointments} appointments, ${report.checked.patients} patients, `,
        `${report.checked.intents} idempotency keys)`,
      ),
      h(
        'ul',
        {},
        report.violations.map((v) =>
          h('li', {}, h('strong', {}, v.invariant), ` clinic ${v.clinic}: ${v.detail}`),
        ),
      ),
    );
  }

  return {
    async refresh() {
      const [clock, chaosData, faultData] = await Promise.all([
        ctx.api.get('clock'),
        ctx.api.get('chaos'),
        ctx.api.get('faults'),
      ]);
      fill(now, instant(clock.data.now));
      renderChaos(chaosData.data);
      const pending = faultData.data.pending;
      fill(
        faults.body,
        pending.length
          ? pending.map((f) =>
              h(
                'tr',
                { dataset: { fault: f.id } },
                h('td', {}, f.id),
                h('td', {}, f.method ?? 'any'),
                h('td', {}, f.path ?? 'any'),
                h(
                  'td',
                  {},
                  f.status
                    ? `answers ${f.status}`
                    : f.networkError
                      ? 'network error'
                      : f.loseResponse
                        ? 'loses the response'
                        : f.delayMs
                          ? `delays ${f.delayMs} ms`
                          : '',
                ),
                h('td', {}, f.remaining),
                h('td', {}, f.times ?? 1),
                h(
                  'td',
                  {},
                  button('Remove', () =>
                    act(
                      () => ctx.api.send('DELETE', `faults/${f.id}`),
                      () => `Fault ${f.id} removed`,
                    ),
                  ),
                ),
              ),
            )
          : h('tr', {}, h('td', { colspan: 7, class: 'muted' }, 'No fault pending.')),
      );
    },
  };
}
