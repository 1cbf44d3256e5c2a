// One clinic's agenda (`GET /__control/records`): appointments by day and professional with
// their status and origin, then the patients, in the shapes the API returns.
import { fill, h, select, setOptions, table } from './dom.js';

// Instants of records are the clinic's own time (`2026-03-02T09:00:00-03:00`): the day and
// hour a receptionist reads are the text's own.
const dayOf = (iso) => iso.slice(0, 10);
const hourOf = (iso) => iso.slice(11, 16);

function card(a) {
  return h(
    'li',
    { class: `appointment ${a.status}`, dataset: { appointment: a.id, status: a.status } },
    h('span', { class: 'when' }, `${hourOf(a.start_at)}–${hourOf(a.end_at)}`),
    h('span', { class: 'patient' }, a.patient?.name ?? '(no patient)'),
    h('span', { class: `badge status ${a.status}` }, a.status),
    h('span', { class: `badge origin ${a.origin}` }, a.origin),
    a.modality === 'telehealth' ? h('span', { class: 'badge' }, 'telehealth') : '',
    h(
      'span',
      { class: 'what' },
      [a.appointment_type.name, a.room?.name].filter(Boolean).join(' · '),
    ),
  );
}

/** Mounts the view in `root`; `refresh()` reads the clinic's records again. */
export function mountAgenda(root, ctx) {
  const clinic = select('Clinic', [['1', 'clinic 1']], reload);
  const day = select('Day', [['', 'every day']], render);
  const status = select('Status', [['', 'any status']], render);
  clinic.id = 'agenda-clinic';
  day.id = 'agenda-day';
  status.id = 'agenda-status';
  const agenda = h('div', { id: 'agenda' });
  const patients = table('patients', ['Patient', 'Name', 'Phone', 'Active', 'Created']);
  root.append(
    h('div', { class: 'toolbar' }, clinic, day, status),
    h('p', { class: 'muted' }, "Times are the clinic's own, as the API returns them."),
    agenda,
    h('h3', {}, 'Patients'),
    patients.el,
  );
  let data;
  let lastText;

  function reload() {
    lastText = undefined;
    ctx.refresh();
  }

  function render() {
    const professionals = new Map(data.professionals.map((p) => [p.id, p]));
    const shown = data.appointments.filter(
      (a) =>
        (!day.value || dayOf(a.start_at) === day.value) &&
        (!status.value || a.status === status.value),
    );
    const days = [...new Set(shown.map((a) => dayOf(a.start_at)))];
    fill(
      agenda,
      days.length === 0
        ? h('p', { class: 'muted' }, 'No appointment.')
        : days.map((d) => {
            const ofDay = shown.filter((a) => dayOf(a.start_at) === d);
            const ids = [...new Set(ofDay.map((a) => a.professional?.id ?? null))];
            return h(
              'section',
              { class: 'day', dataset: { day: d } },
              h('h3', {}, d),
              h(
                'div',
                { class: 'columns' },
                ids.map((id) => {
                  const who =
                    id === null
                      ? undefined
                      : (professionals.get(id) ??
                        ofDay.find((a) => a.professional?.id === id).professional);
                  return h(
                    'div',
                    { class: 'professional', dataset: { professional: id ?? '' } },
                    h(
                      'h4',
                      {},
                      who ? who.name : '(no professional)',
                      who?.specialty ? h('small', {}, ` ${who.specialty}`) : '',
                    ),
                    h('ol', {}, ofDay.filter((a) => (a.professional?.id ?? null) === id).map(card)),
                  );
                }),
              ),
            );
          }),
    );
    fill(
      patients.body,
      data.patients.map((p) =>
        h(
          'tr',
          { dataset: { patient: p.id } },
          h('td', {}, p.id),
          h('td', { class: 'name' }, p.name),
          h('td', {}, p.phone ?? ''),
          h('td', {}, p.active ? 'yes' : 'no'),
          h('td', {}, `${dayOf(p.created_at)} ${hourOf(p.created_at)}`),
        ),
      ),
    );
  }

  return {
    async refresh() {
      const { data: next, text } = await ctx.api.get(
        `records?clinic=${encodeURIComponent(clinic.value)}`,
      );
      if (text === lastText) return;
      lastText = text;
      data = next;
      setOptions(
        clinic,
        (data.clinics.includes(data.clinic) ? data.clinics : [data.clinic, ...data.clinics]).map(
          (id) => [String(id), `clinic ${id}`],
        ),
      );
      setOptions(day, [
        ['', 'every day'],
        ...new Set(data.appointments.map((a) => dayOf(a.start_at))),
      ]);
      setOptions(status, [['', 'any status'], ...new Set(data.appointments.map((a) => a.status))]);
      render();
    },
  };
}
