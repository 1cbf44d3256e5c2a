// Webhook endpoints (state, failure count, ping, disable, enable) and each delivery's attempts
// on a timeline against the spec's schedule (6.3: 1 min, 5 min, 30 min, 2 h, 6 h).
import { actor, button, fill, h, instant, span, table } from './dom.js';

/** The planned offset of each attempt from the first: 0, 1 min, 6 min, 36 min, ... */
function offsets(delays) {
  const list = [0];
  for (const ms of delays) list.push(list[list.length - 1] + ms);
  return list;
}

const EVENTS = ['appointment.created', 'appointment.updated', 'appointment.cancelled'];

function timeline(delivery, plan) {
  const first = delivery.attempts[0];
  const firstMs = first
    ? Date.parse(first.at)
    : delivery.nextAttemptAt && Date.parse(delivery.nextAttemptAt);
  const pending = delivery.state === 'pending';
  const slots = plan.map((offset, i) => {
    const n = i + 1;
    const done = delivery.attempts.find((a) => a.attempt === n);
    const plannedMs = firstMs ? firstMs + offset : undefined;
    const isNext = pending && !done && delivery.attempts.length === i;
    const state = done ? done.outcome : isNext ? 'next' : 'none';
    return h(
      'li',
      { class: `slot ${state}`, dataset: { attempt: n, outcome: done?.outcome ?? '' } },
      h('span', { class: 'dot', 'aria-hidden': 'true' }),
      h('span', { class: 'label' }, `Attempt ${n}`),
      h('span', { class: 'offset' }, i === 0 ? 'first' : `+${span(offset)}`),
      h(
        'span',
        { class: 'at' },
        done
          ? instant(done.at)
          : isNext && delivery.nextAttemptAt
            ? instant(delivery.nextAttemptAt)
            : '',
      ),
      h(
        'span',
        { class: 'result' },
        done
          ? [
              done.outcome,
              done.status === null ? '' : ` ${done.status}`,
              done.error ? ` (${done.error})` : '',
            ]
          : isNext
            ? 'next'
            : plannedMs && pending
              ? `planned ${instant(plannedMs)}`
              : '',
      ),
    );
  });
  return h('ol', { class: 'timeline' }, slots);
}

/** Mounts the view in `root`; `refresh()` reads endpoints and deliveries again. */
export function mountWebhooks(root, ctx) {
  const plan = offsets(ctx.schedule.retryDelaysMs);
  const notice = h('p', { id: 'webhook-notice', class: 'notice', role: 'status' });
  const endpoints = table('endpoints', [
    'Endpoint',
    'URL',
    'Events',
    'Clinic',
    'State',
    'Failed deliveries in a row',
    '',
  ]);
  const deliveries = h('div', { id: 'deliveries' });
  const url = h('input', {
    id: 'endpoint-url',
    type: 'url',
    required: true,
    placeholder: 'https://consumer.example/webhooks',
  });
  const events = EVENTS.map((type) => h('input', { type: 'checkbox', value: type, checked: true }));
  const register = h(
    'form',
    {
      id: 'register',
      class: 'toolbar',
      onsubmit: (event) => {
        event.preventDefault();
        const chosen = events.filter((box) => box.checked).map((box) => box.value);
        act(
          () => ctx.api.post('webhooks', { url: url.value.trim(), events: chosen }),
          (d) => `${d.id} registered`,
        );
      },
    },
    h('label', { for: 'endpoint-url' }, 'Register'),
    url,
    events.map((box) => h('label', { class: 'check' }, box, ` ${box.value}`)),
    h('button', { type: 'submit' }, 'Register'),
  );
  root.append(
    h('h3', {}, 'Endpoints'),
    notice,
    endpoints.el,
    register,
    h('h3', {}, 'Deliveries'),
    h(
      'p',
      { class: 'muted' },
      `Retries after ${ctx.schedule.retryDelaysMs.map(span).join(', ')}: `,
      `${plan.length} attempts in all, over ${span(plan[plan.length - 1])} of server clock.`,
    ),
    deliveries,
  );
  let lastText;

  const act = actor(notice, () => {
    lastText = undefined;
    ctx.refresh();
  });

  function endpointRow(e) {
    const path = `webhooks/${encodeURIComponent(e.id)}`;
    return h(
      'tr',
      { dataset: { endpoint: e.id, enabled: String(e.enabled) } },
      h('td', {}, e.id),
      h('td', { class: 'url' }, e.url ?? '(in process)'),
      h('td', {}, e.events.join(', ')),
      h('td', {}, e.clinic),
      h(
        'td',
        { class: `state ${e.enabled ? 'enabled' : 'disabled'}` },
        e.enabled ? 'enabled' : disabledText(e),
      ),
      h('td', { class: 'failures' }, `${e.consecutive_failures} / ${ctx.schedule.disableAfter}`),
      h(
        'td',
        { class: 'actions' },
        button(
          'Ping',
          () =>
            act(
              () => ctx.api.post(`${path}/ping`),
              (d) => `Ping ${d.id} to ${e.id}: ${d.attempts[0]?.outcome ?? d.state}`,
            ),
          { class: 'ping', disabled: !e.enabled },
        ),
        e.enabled
          ? button(
              'Disable',
              () =>
                act(
                  () => ctx.api.post(`${path}/disable`),
                  () => `${e.id} disabled`,
                ),
              { class: 'disable' },
            )
          : button(
              'Enable',
              () =>
                act(
                  () => ctx.api.post(`${path}/enable`),
                  () => `${e.id} enabled`,
                ),
              { class: 'enable' },
            ),
        button(
          'Remove',
          () => {
            if (confirm(`Remove ${e.id}? Its pending deliveries are dropped.`)) {
              act(
                () => ctx.api.send('DELETE', path),
                () => `${e.id} removed`,
              );
            }
          },
          { class: 'remove' },
        ),
      ),
    );
  }

  // Spec 6.3 rule 4: after 20 failures the service disables it and e-mails the administrators.
  function disabledText(e) {
    const why =
      e.disabled_reason === 'consecutive_failures'
        ? `after ${ctx.schedule.disableAfter} failures; administrators notified ${instant(e.administrators_notified_at)} UTC`
        : 'by hand';
    return `disabled ${instant(e.disabled_at)} UTC, ${why}`;
  }

  function deliveryCard(d) {
    const next = d.nextAttemptAt;
    return h(
      'article',
      { class: `delivery ${d.state}`, dataset: { delivery: d.id, state: d.state } },
      h(
        'header',
        {},
        h('strong', {}, d.event_type),
        ` ${d.id} to ${d.endpoint_id}, event ${d.event_id}${d.duplicate ? ' (duplicate copy)' : ''}: `,
        h('span', { class: 'state' }, d.state),
        next ? h('span', { class: 'next-at' }, ` next attempt ${instant(next)} UTC`) : '',
      ),
      timeline(d, plan),
    );
  }

  return {
    async refresh() {
      const { data, text } = await ctx.api.get('webhooks');
      if (text === lastText) return;
      lastText = text;
      fill(
        endpoints.body,
        data.endpoints.length
          ? data.endpoints.map(endpointRow)
          : h('tr', {}, h('td', { colspan: 7, class: 'muted' }, 'No endpoint registered.')),
      );
      fill(
        deliveries,
        data.deliveries.length
          ? [...data.deliveries].reverse().map(deliveryCard)
          : h('p', { class: 'muted' }, 'No delivery yet.'),
      );
    },
  };
}
