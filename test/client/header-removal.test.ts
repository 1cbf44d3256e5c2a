/**
 * Pins of header merging (issue 11, item 0), through `ClinicClient` and a custom `fetch` that
 * records what was sent: a call's header given as `undefined` removes that header (a client
 * default or a built-in one) for that call only; names merge case-insensitively.
 */
import { describe, expect, it } from 'vitest';
import { ClinicClient, ConfigurationError } from '../../src/index.ts';

const KEY = 'csk_live_headers.0123456789abcdef';

function recording(clientHeaders?: Record<string, string>) {
  const sent: Headers[] = [];
  const fetch = async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    return new Response(JSON.stringify({ id: 2, name: 'Sala 2' }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const clinic = new ClinicClient({
    apiKey: KEY,
    baseUrl: 'https://clinic.test',
    logLevel: 'off',
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...(clientHeaders ? { headers: clientHeaders } : {}),
  });
  return { clinic, sent };
}

/** A call's headers with a header removed: the type says string, so the removal is a cast. */
const removing = (headers: Record<string, string | undefined>) => headers as Record<string, string>;

describe('an undefined header value', () => {
  it('removes a client default header for that call only', async () => {
    const { clinic, sent } = recording({ 'X-Tenant': 'north' });
    await clinic.rooms.retrieve(2, { headers: removing({ 'x-tenant': undefined }) });
    await clinic.rooms.retrieve(2);
    expect(sent[0]?.has('x-tenant')).toBe(false);
    expect(sent[1]?.get('x-tenant')).toBe('north');
  });

  it('removes the built-in Accept header', async () => {
    const { clinic, sent } = recording();
    await clinic.rooms.retrieve(2, { headers: removing({ Accept: undefined }) });
    expect(sent[0]?.has('accept')).toBe(false);
    expect(sent[0]?.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('cannot remove Authorization', async () => {
    const { clinic, sent } = recording();
    await clinic.rooms.retrieve(2, { headers: removing({ authorization: undefined }) });
    expect(sent[0]?.get('authorization')).toBe(`Bearer ${KEY}`);
  });

  it('sends every other header as merged: defaults, client, then call, by lower-cased name', async () => {
    const { clinic, sent } = recording({ 'X-Tenant': 'north', 'X-Trace': 'client' });
    await clinic.rooms.retrieve(2, { headers: { 'x-TRACE': 'call', Accept: 'text/plain' } });
    const headers = Object.fromEntries(sent[0] ?? []);
    expect(headers).toEqual({
      accept: 'text/plain',
      authorization: `Bearer ${KEY}`,
      'user-agent': expect.stringMatching(
        /^clinic-scheduling-sdk-typescript\/\S+ \S+/,
      ) as unknown as string,
      'x-tenant': 'north',
      'x-trace': 'call',
    });
  });

  it('a value that is neither a string nor undefined is refused before anything is sent', async () => {
    const { clinic, sent } = recording();
    const call = clinic.rooms.retrieve(2, {
      headers: { 'x-count': 3 } as unknown as Record<string, string>,
    });
    await expect(call).rejects.toBeInstanceOf(ConfigurationError);
    await expect(call).rejects.toThrow(
      "the call's headers: the value of header x-count must be a string.",
    );
    expect(sent).toHaveLength(0);
  });
});
