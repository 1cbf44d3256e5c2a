/** `runProbe` from /testing: a finding for every catalogue item, 403 as a finding, an extra key's
 * 401 naming its variable. */
import { describe, expect, it } from 'vitest';
import { formatReport, ProbeStop } from '../../src/testing/index.ts';
import { PROBE_CATALOGUE } from '../../src/testing/probe/catalogue.ts';
import { Findings, settingsDocument } from '../../src/testing/probe/report.ts';
import { probeClinic, random, randomCombination, seededClinic } from './probe-helpers.ts';

describe('runProbe', () => {
  it('reports on every item of the catalogue, the unobservable ones marked so', async () => {
    const clinic = seededClinic();
    const { report, created } = await probeClinic(clinic);
    expect(created).toEqual([]);
    expect(new Set(report.findings.map((f) => f.item))).toEqual(
      new Set(Object.keys(PROBE_CATALOGUE)),
    );
    for (const [item, entry] of Object.entries(PROBE_CATALOGUE)) {
      const confidences = report.findings.filter((f) => f.item === item).map((f) => f.confidence);
      if (entry.observable === 'none') expect(confidences, item).toEqual(['unobservable']);
      if (entry.observable === 'write') expect(confidences, item).toEqual(['not-run']);
    }
    expect(report.findings.find((f) => f.item === 'patient-filters')?.confidence).toBe('certain');
    // Without declared scopes, the scope of an operation is not mapped.
    expect(
      report.findings
        .filter((f) => f.item === 'scopes')
        .every((f) => f.confidence === 'unobservable'),
    ).toBe(true);
  });

  it('reports a 403 as a finding: the lists this key may not read', async () => {
    const clinic = seededClinic();
    const { report } = await probeClinic(clinic, {
      apiKey: clinic.api.issueApiKey({ scopes: ['appointments:read'] }),
    });
    expect(report.stopped).toBeUndefined();
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        item: 'forbidden',
        subject: 'GET /patients',
        confidence: 'certain',
      }),
    );
    expect(report.findings).toContainEqual(
      expect.objectContaining({
        item: 'list-envelope',
        subject: 'patients',
        confidence: 'unobservable',
      }),
    );
    expect(
      report.findings.find((f) => f.item === 'list-envelope' && f.subject === 'appointments')
        ?.confidence,
    ).toBe('certain');
  });

  it("ends on an extra key's 401 naming that key's variable", async () => {
    const clinic = seededClinic();
    const revoked = clinic.api.issueApiKey({ scopes: ['patients:read'] });
    clinic.api.revokeApiKey(revoked);
    const run = probeClinic(clinic, {
      extraKeys: [{ name: 'CLINIC_READ_KEY', apiKey: revoked, scopes: ['patients:read'] }],
    });
    await expect(run).rejects.toBeInstanceOf(ProbeStop);
    await expect(run).rejects.toMatchObject({
      reason: 'unauthorized',
      message: expect.stringMatching(/401 to the key in CLINIC_READ_KEY/),
    });
  });

  it('calibrates: the reference server started with its document answers as the service did', async () => {
    const probe = async (clinic: ReturnType<typeof seededClinic>) =>
      (await probeClinic(clinic, { extraKeys: clinic.scopedKeys, withWrites: true })).report;
    const service = await probe(seededClinic(randomCombination(random(42))));
    const calibrated = seededClinic();
    calibrated.api.applySettings(service.settings);
    const again = await probe(calibrated);
    expect(again.settings).toEqual(service.settings);
    const observed = (r: typeof again) => r.findings.map((f) => [f.item, f.subject, f.observed]);
    expect(observed(again)).toEqual(observed(service));
  });

  it('stops by itself at its time limit', async () => {
    const clinic = seededClinic();
    clinic.api.faults.inject({ delayMs: 40, times: Number.POSITIVE_INFINITY });
    const { report } = await probeClinic(clinic, { maxDurationMs: 300 });
    expect(report.stopped).toMatch(/time limit of 300 ms/);
    expect(report.requests).toBeLessThan(12);
    expect(report.findings.some((f) => f.confidence === 'not-run')).toBe(true);
  });

  it('cancels what it booked even when its budget ends the writes', async () => {
    const clinic = seededClinic();
    const { report, created } = await probeClinic(clinic, { maxRequests: 55, withWrites: true });
    expect(report.stopped).toMatch(/budget of 55/);
    const booked = created.filter((r) => r.kind === 'appointment');
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.map((r) => r.status)).toEqual(booked.map(() => 'cancelled'));
    expect(report.created?.cancelled).toBe(booked.length);
  });

  it('applies only settled findings to the document, and says so in the text', () => {
    const findings = new Findings();
    findings.add('cancel-body', 'a cancel with the body {}: 200', 'certain', {
      setting: { name: 'clinic.cancelBody', value: 'ignore' },
    });
    findings.add(
      'json-content-types',
      'a PATCH sent as application/merge-patch+json: 500',
      'unclear',
      {
        setting: { name: 'clinic.jsonContentTypes', value: 'json-suffix' },
      },
    );
    findings.add('scopes', 'needs none', 'certain', {
      subject: 'GET /patients',
      setting: { name: 'clinic.operationScopes.listPatients', value: 'none' },
    });
    const settings = settingsDocument(findings.list);
    expect(settings.clinic).toMatchObject({
      cancelBody: 'ignore',
      jsonContentTypes: 'application/json',
      operationScopes: { listPatients: 'none' },
    });
    const text = formatReport({
      tool: 'clinic-scheduling-probe',
      date: '2027-01-01',
      writes: true,
      requests: 3,
      durationMs: 10,
      findings: findings.list,
      settings,
    });
    expect(text).toContain('[UNCLEAR] json-content-types, spec conventions');
    expect(text).toContain('clinic.jsonContentTypes = "json-suffix" (not applied: not settled)');
    expect(text).toContain('clinic.cancelBody = "ignore"\n');
    expect(text).toContain(JSON.stringify(settings, null, 2));
  });
});
