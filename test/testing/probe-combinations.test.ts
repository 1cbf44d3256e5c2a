/**
 * The probe against the reference server itself, over random settings combinations: it recovers
 * every observable setting exactly, marks the rest unobservable, and cancels every appointment it
 * booked. `PROBE_COMBINATIONS` sets how many (`.ci/run` runs many; a failing one replays by seed).
 */
import { describe, expect, it } from 'vitest';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { probeClinic, random, randomCombination, seededClinic } from './probe-helpers.ts';

const COUNT = Number(process.env.PROBE_COMBINATIONS ?? 3);
const FIRST_SEED = Number(process.env.PROBE_SEED ?? 1);
const MAX_REQUESTS = 250;

const OWN_STATES = ['scheduled', 'confirmed', 'cancelled'];

describe.each(Array.from({ length: COUNT }, (_, i) => FIRST_SEED + i))(
  'the probe against a reference server with random settings (seed %i)',
  (seed) => {
    it('recovers every observable setting exactly and cancels what it booked', async () => {
      const combination = randomCombination(random(seed));
      const clinic = seededClinic(combination);
      const { report, created } = await probeClinic(clinic, {
        extraKeys: clinic.scopedKeys,
        maxRequests: MAX_REQUESTS,
        withWrites: true,
      });
      expect(report.stopped).toBeUndefined();
      expect(report.writes).toBe(true);

      const doc = report.settings;
      expect(doc.listEnvelope).toEqual(combination.listEnvelope);
      const s = combination.settings;
      for (const name of [
        'nullRoom',
        'idempotencyReplay',
        'overlappingAppointments',
        'cancelBody',
        'jsonContentTypes',
      ] as const) {
        expect(doc.clinic[name], name).toBe(s[name]);
      }
      const room = report.findings.find((f) => f.item === 'room-required')!;
      if (s.nullRoom === 'default-room') {
        // The professional's default room answers every booking: nothing shows the rule.
        expect(room.confidence).toBe('unobservable');
        expect(doc.clinic.requireRoom).toBe(false);
      } else {
        expect(doc.clinic.requireRoom).toBe(s.requireRoom);
      }
      const observable = s.changeableStatuses.filter((x) => OWN_STATES.includes(x)).sort();
      expect([...(doc.clinic.changeableStatuses as string[])].sort()).toEqual(observable);
      const unseen = report.findings.find(
        (f) => f.item === 'changeable-states' && f.subject?.includes('checked_in'),
      );
      expect(unseen?.confidence).toBe('unobservable');

      for (const row of OPERATION_ROWS) {
        const scope = report.findings.find(
          (f) => f.item === 'scopes' && f.subject?.startsWith(`${row.method} ${row.path}`),
        );
        const expected = s.operationScopes[row.name] ?? row.scope;
        expect(scope?.confidence, `${row.method} ${row.path}`).toBe('certain');
        expect(scope?.observed).toMatch(new RegExp(`^needs ${expected}\\b`));
      }
      expect(doc.clinic.operationScopes).toEqual(
        Object.fromEntries(
          OPERATION_ROWS.filter((row) => !row.scopeStated).map((row) => [
            row.name,
            s.operationScopes[row.name] ?? row.scope,
          ]),
        ),
      );
      expect(doc.clinic.pageSizeParam).toBe(s.pageSizeParam);
      for (const f of report.findings.filter((x) => x.item === 'appointment-filters')) {
        if (f.subject === 'setting') continue;
        const honoured = (s.appointmentFilters as string[]).includes(f.subject!);
        expect([f.subject, f.observed]).toEqual([
          f.subject,
          honoured
            ? 'honoured (only matching appointments came back)'
            : 'ignored (the same page came back)',
        ]);
      }
      expect([...doc.clinic.appointmentFilters].sort()).toEqual([...s.appointmentFilters].sort());

      // Issue 39: each reading a setting, recovered by what the probe sees.
      const effective = {
        ...s,
        idempotencyBinding:
          s.idempotencyReplay === 'every-write' ? 'every-write' : s.idempotencyBinding,
        // A required phone is named for being absent, so its rule cannot show.
        phoneRule: s.requiredPatientFields.includes('phone') ? 'number' : s.phoneRule,
      };
      for (const name of [
        'notChangeableCode',
        'patchAnswer',
        'cancelAnswer',
        'appointmentNote',
        'patientCreateStatus',
        'nameFilter',
        'phoneRule',
        'cpfRepeatedDigits',
        'emptyPatch',
        'unknownBodyMembers',
        'idempotencyBinding',
        'idempotencyKeyOnReads',
        'idempotencyErrorCode',
        'replayBody',
        'pageSizeAboveMax',
        'pageSizeInvalid',
        'invalidCursor',
      ] as const) {
        expect([name, doc.clinic[name]]).toEqual([name, effective[name]]);
      }
      expect([...doc.clinic.requiredPatientFields].sort()).toEqual(
        [...s.requiredPatientFields].sort(),
      );
      expect(doc.requestIdHeader).toBe(combination.requestIdHeader?.toLowerCase() ?? null);
      expect(doc.clinic.rateLimit).toBeNull();

      // Every appointment it booked ends cancelled, on the server as in its own list.
      const booked = created.filter((r) => r.kind === 'appointment');
      expect(booked.length).toBeGreaterThanOrEqual(2);
      expect(booked.every((r) => r.status === 'cancelled')).toBe(true);
      const all = await clinic.api.fetch(
        `${clinic.api.baseUrl}/api/public/v1/appointments?${s.pageSizeParam}=100`,
        {
          headers: { authorization: `Bearer ${clinic.apiKey}` },
        },
      );
      const body = (await all.json()) as unknown;
      const items = (Array.isArray(body) ? body : (body as { results: unknown[] }).results) as {
        origin: string;
        status: string;
      }[];
      const byApi = items.filter((a) => a.origin === 'api');
      expect(byApi).toHaveLength(booked.length);
      expect(byApi.every((a) => a.status === 'cancelled')).toBe(true);
      expect(report.requests).toBeLessThanOrEqual(MAX_REQUESTS);
      expect(report.created).toEqual({
        patients: created.length - booked.length,
        appointments: booked.length,
        cancelled: booked.length,
      });
    });
  },
);
