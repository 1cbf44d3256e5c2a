import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { APIPromise } from '../../src/index.ts';
import {
  API,
  APPOINTMENT_ID,
  appointmentWire,
  createBody,
  isolateEachTest,
  json,
  makeClient,
  recordRooms,
  roomWire,
  useServer,
} from './helpers.ts';

const server = useServer();
isolateEachTest();

describe('APIPromise', () => {
  it('is a Promise: awaiting gives the data', async () => {
    recordRooms(server);
    const promise = makeClient().rooms.retrieve(2);
    expect(promise).toBeInstanceOf(APIPromise);
    expect(promise).toBeInstanceOf(Promise);
    expect(await promise).toEqual(roomWire());
  });

  it('then, catch and finally give plain Promises; so does the intrinsic Promise.prototype.then', async () => {
    recordRooms(server);
    const promise = makeClient().rooms.retrieve(2);
    const derived = [promise.then((r) => r), promise.catch(() => null), promise.finally(() => {})];
    for (const p of derived) {
      expect(p).toBeInstanceOf(Promise);
      expect(p).not.toBeInstanceOf(APIPromise);
    }
    // Code that calls the intrinsic method (a library, a polyfill) gets a plain Promise that
    // settles, by Symbol.species: the SDK's own `then` is what carries the data.
    expect(APIPromise[Symbol.species]).toBe(Promise);
    const intrinsic = Promise.prototype.then.call(promise, () => 'settled');
    expect(intrinsic).not.toBeInstanceOf(APIPromise);
    expect(await intrinsic).toBe('settled');
    expect(await Promise.all(derived)).toEqual([roomWire(), roomWire(), roomWire()]);
  });

  it('withResponse() gives { data, response, requestId, idempotencyKey, replayed }', async () => {
    server.use(
      http.post(`${API}/appointments`, () =>
        json(appointmentWire(), 200, { 'Idempotent-Replayed': 'true', 'x-request-id': 'r-1' }),
      ),
    );
    const result = await makeClient()
      .appointments.create(createBody, { idempotencyKey: 'k-1' })
      .withResponse();
    expect(Object.keys(result).sort()).toEqual([
      'data',
      'idempotencyKey',
      'replayed',
      'requestId',
      'response',
    ]);
    expect(result.data).toEqual(appointmentWire());
    expect(result.response).toBeInstanceOf(Response);
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('x-request-id')).toBe('r-1');
    expect(result.requestId).toBe('r-1');
    expect(result.idempotencyKey).toBe('k-1');
    expect(result.replayed).toBe(true);
  });

  it.each([
    ['x-request-id', { 'x-request-id': 'r-2' }, 'r-2'],
    ['request-id', { 'request-id': 'r-3' }, 'r-3'],
    ['neither', {}, undefined],
  ])('withResponse().requestId from %s', async (_n, headers, requestId) => {
    server.use(http.get(`${API}/rooms/2`, () => json(roomWire(), 200, headers)));
    const result = await makeClient().rooms.retrieve(2).withResponse();
    expect(result.requestId).toBe(requestId);
  });

  it('asResponse() gives the raw Response of the call, sent once with await', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/rooms/2`, () => {
        requests++;
        return json(roomWire(), 200, { 'x-request-id': 'r-4' });
      }),
    );
    const promise = makeClient().rooms.retrieve(2);
    const response = await promise.asResponse();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('r-4');
    expect(response.url).toBe(`${API}/rooms/2`);
    expect(await promise).toEqual(roomWire());
    expect(requests).toBe(1);
  });

  it('asResponse() rejects with the error the call rejects with', async () => {
    server.use(http.get(`${API}/rooms/2`, () => json({ detail: 'Not found.' }, 404)));
    await expect(makeClient().rooms.retrieve(2).asResponse()).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
    });
  });

  it.each([
    ['absent', {}, false],
    ['false', { 'Idempotent-Replayed': 'false' }, false],
    ['TRUE', { 'Idempotent-Replayed': 'TRUE' }, true],
  ])('replayed with Idempotent-Replayed %s → %s', async (_n, headers, replayed) => {
    server.use(http.post(`${API}/appointments`, () => json(appointmentWire(), 201, headers)));
    const result = await makeClient().appointments.create(createBody).withResponse();
    expect(result.replayed).toBe(replayed);
  });

  it('then, catch and finally behave as on a Promise; the call is sent once', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/appointments/${APPOINTMENT_ID}`, () => {
        requests++;
        return json({ detail: 'Not found.' }, 404);
      }),
    );
    const promise = makeClient().appointments.retrieve(APPOINTMENT_ID);
    let finallyRan = false;
    const caught = await promise.catch((e: unknown) => (e as Error).name);
    await promise
      .finally(() => {
        finallyRan = true;
      })
      .catch(() => {});
    const viaThen = await promise.then(
      () => 'resolved',
      () => 'rejected',
    );
    await expect(promise.withResponse()).rejects.toThrow();
    expect(caught).toBe('NotFoundError');
    expect(finallyRan).toBe(true);
    expect(viaThen).toBe('rejected');
    expect(requests).toBe(1);
  });

  it('PATCH answered with an empty body returns the appointment read with GET', async () => {
    server.use(
      http.patch(
        `${API}/appointments/${APPOINTMENT_ID}`,
        () => new HttpResponse(null, { status: 204 }),
      ),
      http.get(`${API}/appointments/${APPOINTMENT_ID}`, () =>
        json(appointmentWire({ status: 'confirmed' })),
      ),
    );
    const result = await makeClient().appointments.update(APPOINTMENT_ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
  });
});
