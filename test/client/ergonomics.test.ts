/**
 * Issue 22, part 6, against the reference server: `asResponse()` with an unread body,
 * `withResponse()` on a paginator, `withOptions()` keeping a subclass, the browser guard's hint
 * for tests in a simulated DOM; and part 4's list queries: the spec's filters only,
 * `extraQuery` for the rest.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ClinicClient,
  ConfigurationError,
  Page,
  type Patient,
  ValidationError,
} from '../../src/index.ts';
import { createReferenceServer, type ReferenceServer } from '../../src/testing/index.ts';
import { captureLogger } from './helpers.ts';

const BASE = 'https://clinic.test';

let api: ReferenceServer;
let clinic: ClinicClient;

beforeEach(() => {
  api = createReferenceServer({ baseUrl: BASE, seed: 'demo' });
  clinic = new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: BASE, fetch: api.fetch });
});

describe('asResponse()', () => {
  it('gives the response with its body unread: status, headers, url and the JSON as sent', async () => {
    const room = await clinic.rooms.retrieve(1);
    const promise = clinic.rooms.retrieve(1);
    const response = await promise.asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.url).toBe((await promise.withResponse()).response.url);
    expect(await response.json()).toEqual(room);
    // Each call gives a fresh copy.
    expect(await (await promise.asResponse()).json()).toEqual(room);
  });

  it('of a create: the 201 and its Idempotent-Replayed header, body readable', async () => {
    const [patient] = await clinic.patients.list().toArray({ limit: 1 });
    const body = {
      patient_id: (patient as Patient).id,
      professional_id: 1,
      appointment_type_id: 1,
      start_at: '2030-03-05T10:30:00-03:00',
    };
    const first = await clinic.appointments.create(body, { idempotencyKey: 'k-as' }).asResponse();
    expect(first.status).toBe(201);
    const created = (await first.json()) as { id: string };
    const replay = await clinic.appointments.create(body, { idempotencyKey: 'k-as' }).asResponse();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { id: string }).id).toBe(created.id);
  });

  it('a failed call rejects as awaiting would', async () => {
    await expect(clinic.rooms.retrieve(999_999).asResponse()).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('Paginator.withResponse()', () => {
  it('resolves to the first page, its response and request id; the page is the awaited one', async () => {
    const paginator = clinic.rooms.list();
    const { data, response, requestId, idempotencyKey, replayed } = await paginator.withResponse();
    expect(data).toBeInstanceOf(Page);
    expect(data).toBe(await paginator);
    expect(response).toBe(data.response);
    expect(response.status).toBe(200);
    expect(requestId).toBe(response.headers.get('x-request-id') ?? undefined);
    expect(idempotencyKey).toBeUndefined();
    expect(replayed).toBe(false);
    expect(api.requests).toHaveLength(1);
  });
});

describe('withOptions()', () => {
  it('returns an instance of the subclass it is called on, with the overrides', () => {
    class AppClient extends ClinicClient {
      ping(): string {
        return 'app';
      }
    }
    const app = new AppClient({ apiKey: api.issueApiKey(), baseUrl: BASE, fetch: api.fetch });
    const quick = app.withOptions({ timeout: 1_000 });
    expect(quick).toBeInstanceOf(AppClient);
    expect(quick.ping()).toBe('app');
    expect(quick.timeout).toBe(1_000);
    expect(quick.maxRetries).toBe(app.maxRetries);
  });
});

describe('the browser guard in a simulated DOM', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the way out for a test run under environment: 'jsdom'", () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const error = (() => {
      try {
        return new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: BASE });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    // The message is the interface: it names the setting that causes it and the one that fixes it.
    expect((error as Error).message).toContain("environment: 'jsdom'");
    expect((error as Error).message).toContain('@vitest-environment node');
  });
});

describe('list queries: the spec filters, and extraQuery', () => {
  it('a key the spec does not show is sent as given, with one warning per list and key', async () => {
    const { logger, lines } = captureLogger();
    const quiet = new ClinicClient({
      apiKey: api.issueApiKey(),
      baseUrl: BASE,
      fetch: api.fetch,
      logger,
    });
    await quiet.patients.list({ name: 'a', active: true } as never);
    await quiet.patients.list({ name: 'b', active: false } as never);
    await quiet.appointments.list({ professional_id: 3 } as never);
    expect(api.requests.map((r) => r.query)).toEqual([
      { name: 'a', active: 'true' },
      { name: 'b', active: 'false' },
      { professional_id: '3' },
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^warn: .*listPatients.*"active".*extraQuery/);
    expect(lines[1]).toMatch(/^warn: .*listAppointments.*"professional_id"/);
  });

  it("the spec's filters keep their checks beside a key it does not show", async () => {
    const error = await clinic.patients
      .list({ name: [], active: true } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(api.requests).toHaveLength(0);
  });

  it('extraQuery is sent beside the typed filters, and its page size is honoured', async () => {
    const page = await clinic.patients.list({ name: 'a' }, { extraQuery: { page_size: 1 } });
    expect(api.requests[0]?.query).toEqual({ name: 'a', page_size: '1' });
    expect(page.results.length).toBeLessThanOrEqual(1);
  });

  it('extraQuery values are checked for their types', async () => {
    const error = await clinic.rooms
      .list({}, { extraQuery: { page_size: { n: 1 } } as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(api.requests).toHaveLength(0);
  });
});
