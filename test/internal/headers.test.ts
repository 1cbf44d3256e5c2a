/**
 * Pins of header merging (issue 11, item 0), through `ClinicClient` and a custom `fetch` that
 * records what was sent: a call's header given as `undefined` removes that header (a client
 * default or a built-in one) for that call only; names merge case-insensitively.
 */
import { describe, expect, it } from 'vitest';
import { APIError, ClinicClient, ConfigurationError } from '../../src/index.ts';

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

describe('a key the service echoes in a JSON-escaped error body', () => {
  it('is redacted from the body, its detail and the message', async () => {
    const secret = KEY.split('.')[1]!;
    // The secret's last character written as a JSON escape: the raw text holds neither the key
    // nor its secret, the parsed body both.
    const [id] = KEY.split('.');
    const escaped = `${id}.${secret.slice(0, -1)}\\u00${secret.charCodeAt(secret.length - 1).toString(16)}`;
    const fetch = async () =>
      new Response(`"echo: ${escaped}"`, {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    const clinic = new ClinicClient({
      apiKey: KEY,
      baseUrl: 'https://clinic.test',
      logLevel: 'off',
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const error = (await clinic.rooms.retrieve(2).catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.body).toBe('echo: [redacted]');
    expect(JSON.stringify(error.body)).not.toContain(secret);
    expect(error.message).not.toContain(secret);
  });
});

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
    await expect(call).rejects.toThrow(/^the call's headers: .*x-count/);
    expect(sent).toHaveLength(0);
  });

  it('call headers that are not an object are refused before anything is sent', async () => {
    const { clinic, sent } = recording();
    const call = clinic.rooms.retrieve(2, {
      headers: 'x-a: 1' as unknown as Record<string, string>,
    });
    await expect(call).rejects.toBeInstanceOf(ConfigurationError);
    await expect(call).rejects.toThrow(/^the call's headers /);
    expect(sent).toHaveLength(0);
  });

  it('an invalid header name is quoted in the error, cut at 60 characters', async () => {
    const { clinic } = recording();
    const name = `${'a'.repeat(59)}:bcdef`;
    const error = await clinic.rooms
      .retrieve(2, { headers: { [name]: 'v' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain(`"${'a'.repeat(59)}:"`);
    expect((error as Error).message).not.toContain('bcdef');
  });
});
