/**
 * `isClinicSdkRequest` (issue 37, item 1): true for a request the SDK sent, in each shape an
 * instrumentation's hooks hand it over (undici's `headers` array or lines, a Fetch `Request`,
 * http's outgoing request and its options), whatever `user-agent` the options set.
 */
import { describe, expect, it } from 'vitest';
import { isClinicSdkRequest } from '../../src/index.ts';
import { json, makeClient, roomWire } from '../client/helpers.ts';

/** A client whose fetch keeps the headers of each request it sends. */
function recording(headers?: Record<string, string>) {
  const sent: Headers[] = [];
  const clinic = makeClient({
    ...(headers && { headers }),
    fetch: async (_url, init) => {
      sent.push(new Headers(init?.headers));
      return json(roomWire());
    },
  });
  return { clinic, sent };
}

describe('the User-Agent the SDK sends', () => {
  it('keeps the SDK’s product token after a user-agent of the client’s or the call’s options', async () => {
    const { clinic, sent } = recording({ 'User-Agent': 'front-desk/2.1' });
    await clinic.rooms.retrieve(2);
    await clinic.rooms.retrieve(2, { headers: { 'user-agent': 'nightly-sync/1' } });
    await clinic.rooms.retrieve(2, { headers: { 'user-agent': undefined as unknown as string } });
    const [client, call, removed] = sent.map((h) => h.get('user-agent') ?? '');
    expect(client).toMatch(/^front-desk\/2\.1 clinic-scheduling-sdk-typescript\/\S+ \S+$/);
    expect(call).toBe(`nightly-sync/1 ${client}`);
    expect(removed).toBe(client);
    for (const headers of sent) expect(isClinicSdkRequest({ headers })).toBe(true);
  });
});

describe('isClinicSdkRequest', () => {
  const ours = 'clinic-scheduling-sdk-typescript/0.1.0 node/24.1.0';

  it('reads undici’s request: headers as [name, value, ...] (values may be arrays) or as lines', () => {
    expect(isClinicSdkRequest({ headers: ['accept', '*/*', 'User-Agent', ours] })).toBe(true);
    expect(isClinicSdkRequest({ headers: ['user-agent', ['app/1', ours]] })).toBe(true);
    expect(isClinicSdkRequest({ headers: `accept: */*\r\nuser-agent: app/1 ${ours}\r\n` })).toBe(
      true,
    );
    expect(isClinicSdkRequest({ headers: ['user-agent', 'undici', 'x-sdk', ours] })).toBe(false);
    // A value that reads `user-agent` is no header name: names stand at even places.
    expect(isClinicSdkRequest({ headers: ['x-note', 'user-agent', ours, 'x'] })).toBe(false);
    expect(isClinicSdkRequest({ headers: 'user-agent: node\r\n' })).toBe(false);
    expect(isClinicSdkRequest({ headers: `x-user-agent: ${ours}\r\nuser-agent: node\r\n` })).toBe(
      false,
    );
    expect(isClinicSdkRequest({ headers: 'accept: */*\r\n' })).toBe(false);
  });

  it('reads a Fetch Request, http’s outgoing request and its options', () => {
    const request = new Request('https://clinic.test/', { headers: { 'user-agent': ours } });
    expect(isClinicSdkRequest(request)).toBe(true);
    expect(isClinicSdkRequest({ getHeader: (name: string) => name === 'user-agent' && ours })).toBe(
      true,
    );
    expect(isClinicSdkRequest({ headers: { 'User-Agent': [ours] } })).toBe(true);
    expect(isClinicSdkRequest({ headers: { 'x-sdk': ours, 'user-agent': 'node' } })).toBe(false);
    // http's ClientRequest.getHeader reads its own state: called as a method.
    const outgoing = {
      agent: ours,
      getHeader(this: { agent: string }, name: string) {
        return name === 'user-agent' ? this.agent : undefined;
      },
    };
    expect(isClinicSdkRequest(outgoing)).toBe(true);
    expect(isClinicSdkRequest(new Request('https://clinic.test/'))).toBe(false);
  });

  it('the token must start a product: a longer name that ends with it is another client', () => {
    expect(isClinicSdkRequest({ headers: ['user-agent', `x${ours}`] })).toBe(false);
    expect(
      isClinicSdkRequest({ headers: ['user-agent', 'clinic-scheduling-sdk-typescript'] }),
    ).toBe(false);
  });

  it('anything else is false, never a throw', () => {
    for (const value of [
      undefined,
      null,
      'user-agent',
      42,
      {},
      { headers: 7 },
      { headers: null },
    ]) {
      expect(isClinicSdkRequest(value)).toBe(false);
    }
  });
});
