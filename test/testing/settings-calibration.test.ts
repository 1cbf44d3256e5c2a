/** The settings a probe calibrates that spec 4.1 and 5 leave open: the page-size parameter's name
 * and the scope of the operations whose scope the spec does not state. */
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../src/testing/index.ts';
import { API, BASE_URL, call } from './helpers.ts';

function clinic() {
  const api = createReferenceServer({ baseUrl: BASE_URL });
  for (const name of ['Sala 1', 'Sala 2', 'Sala 3']) api.seed.room({ name });
  api.seed.patient({ name: 'Ana Souza' });
  return api;
}

describe('settings.pageSizeParam', () => {
  it('names the page-size parameter of every list; page_size is then an unknown parameter', async () => {
    const api = clinic();
    const key = api.issueApiKey();
    api.settings.pageSizeParam = 'limit';
    const page = await call(api, 'GET', '/rooms?limit=1', { key });
    expect(page.body.results).toHaveLength(1);
    expect(new URL(page.body.next).searchParams.get('limit')).toBe('1');
    expect((await call(api, 'GET', '/rooms?page_size=1', { key })).body.results).toHaveLength(3);
    const bad = await call(api, 'GET', '/rooms?limit=101', { key });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['limit']]);
  });

  it('refuses a name that is not a parameter name, or cursor', () => {
    const api = clinic();
    expect(() => {
      api.settings.pageSizeParam = 'cursor';
    }).toThrow(TypeError);
    expect(() => {
      api.settings.pageSizeParam = 'page size';
    }).toThrow(TypeError);
    expect(api.settings.pageSizeParam).toBe('page_size');
  });
});

describe('settings.operationScopes', () => {
  it('sets the scope of an operation the spec leaves open, or none', async () => {
    const api = createReferenceServer({
      baseUrl: BASE_URL,
      settings: {
        clinic: { operationScopes: { listPatients: 'appointments:read', retrievePatient: 'none' } },
      },
    });
    const reader = api.issueApiKey({ scopes: ['appointments:read'] });
    const nothing = api.issueApiKey({ scopes: [] });
    const patients = api.issueApiKey({ scopes: ['patients:read'] });
    expect((await call(api, 'GET', '/patients', { key: reader })).status).toBe(200);
    expect((await call(api, 'GET', '/patients', { key: patients })).status).toBe(403);
    expect((await call(api, 'GET', '/patients/99', { key: nothing })).status).toBe(404);
    // Left out: the :read scope of its resource.
    expect((await call(api, 'GET', '/appointments', { key: patients })).status).toBe(403);
    expect(api.requests.at(-1)?.path).toBe(`${new URL(API).pathname}/appointments`);
  });

  it('keeps the scopes spec 5 states: they are not members', () => {
    const api = clinic();
    expect(() => {
      api.settings.operationScopes = { createAppointment: 'none' };
    }).toThrow(/createAppointment/);
    expect(() => {
      api.settings.operationScopes = { listRooms: 'none' };
    }).toThrow(TypeError);
    expect(Object.isFrozen(api.settings.operationScopes)).toBe(true);
  });
});
