/** Control routes of records: seeding, staff-side writes and the events they emit, the clinic's
 * records, the logs. @module */
import * as z from 'zod';
import { APPOINTMENT_EVENT_TYPES } from '../../../webhooks/events.ts';
import { applySeedDocument } from '../../seed/document.ts';
import { parseInput } from '../../server/control-inputs.ts';
import { clinicOf, created, readBody, readJson, route, WithClinic } from './shared.ts';

const EventRequest = z.strictObject({
  type: z.enum(APPOINTMENT_EVENT_TYPES),
  appointment_id: z.string().max(100),
  ...WithClinic,
});
const AppointmentOptions = z.strictObject({ emitEvent: z.boolean().optional(), ...WithClinic });

export const RECORD_ROUTES = {
  'POST /seed': route(
    'a seed document: records of any state (all or nothing)',
    async ({ api }, request) => {
      const document = await readJson(request);
      return created({ created: applySeedDocument(document, (id) => api.clinic(id).seed) });
    },
  ),
  // As staff or online booking would: any origin, modality and status; the event by default.
  'POST /appointments': route(
    'an appointment as staff or online booking makes it; emits its event',
    async ({ api }, request, url) => {
      const body = await readBody(request, z.looseObject({}), 'appointment');
      const { emitEvent = true, clinic } = parseInput(
        AppointmentOptions,
        { emitEvent: body.emitEvent, clinic: body.clinic },
        'appointment',
      );
      const { emitEvent: _e, clinic: _c, ...input } = body;
      const seed = api.clinic(clinicOf(url, { clinic })).seed;
      return created(seed.appointment(input as never, { emitEvent }));
    },
    { clinic: true },
  ),
  'PATCH /appointments/:id': route(
    'a staff-side change (status, time, ...); emits its event',
    async ({ api }, request, url, id) => {
      const body = await readBody(request, z.looseObject({}), 'changes');
      const { clinic, ...changes } = body as { clinic?: number };
      const where = parseInput(z.strictObject(WithClinic), { clinic }, 'changes');
      return api.clinic(clinicOf(url, where)).seed.change(id, changes as never);
    },
    { clinic: true },
  ),
  'POST /events': route(
    'emits an event for an appointment as it stands',
    async ({ api }, request, url) => {
      const body = await readBody(request, EventRequest, 'event');
      return created(
        api.clinic(clinicOf(url, body)).seed.emitEvent(body.type, body.appointment_id),
      );
    },
    { clinic: true },
  ),
  'GET /events': route('the events emitted', ({ api }) => ({ events: api.events })),
  'GET /requests': route('the request log', ({ api }) => ({ requests: api.requests })),
  'GET /records': route(
    "a clinic's agenda and patients as the API shows them (?clinic=)",
    ({ api }, _r, url) => api.records(clinicOf(url)),
    { clinic: true },
  ),
};
