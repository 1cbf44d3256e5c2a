/** `runProbe` from /testing: a finding for every catalogue item, 403 as a finding, an extra key's
 * 401 naming its variable. */
import { describe, expect, it } from 'vitest';
import { ProbeStop, runProbe } from '../../src/testing/index.ts';
import { PROBE_CATALOGUE } from '../../src/testing/probe/catalogue.ts';
import { seededClinic } from './probe-helpers.ts';

describe('runProbe', () => {
  it('reports on every item of the catalogue, the unobservable ones marked so', async () => {
    const clinic = seededClinic();
    const { report, created } = await runProbe({
      baseUrl: clinic.api.baseUrl,
      apiKey: clinic.apiKey,
      fetch: clinic.api.fetch,
      minIntervalMs: 0,
    });
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
    const { report } = await runProbe({
      baseUrl: clinic.api.baseUrl,
      apiKey: clinic.api.issueApiKey({ scopes: ['appointments:read'] }),
      fetch: clinic.api.fetch,
      minIntervalMs: 0,
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
    const run = runProbe({
      baseUrl: clinic.api.baseUrl,
      apiKey: clinic.apiKey,
      extraKeys: [{ name: 'CLINIC_READ_KEY', apiKey: revoked, scopes: ['patients:read'] }],
      fetch: clinic.api.fetch,
      minIntervalMs: 0,
    });
    await expect(run).rejects.toBeInstanceOf(ProbeStop);
    await expect(run).rejects.toMatchObject({
      reason: 'unauthorized',
      message: expect.stringMatching(/401 to the key in CLINIC_READ_KEY/),
    });
  });
});
