/** What test/messages.test.ts reads a message with: a throw's, a failed call's, an error's init. */
import { type APIErrorInit, type ClientOptions, ClinicClient } from '../../src/index.ts';

export const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('did not throw');
};

export const KEY = 'csk_live_messages.0123456789abcdef';
export const BASE_URL = 'https://clinic.test';

/** The message of what a call of a client on `fetch` (no retries) rejects with. */
export async function callMessage(
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  call: (clinic: ClinicClient) => PromiseLike<unknown> = (clinic) => clinic.rooms.retrieve(2),
  options: Partial<ClientOptions> = {},
): Promise<string> {
  const clinic = new ClinicClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    maxRetries: 0,
    logLevel: 'off',
    fetch,
    ...options,
  });
  try {
    await call(clinic);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('did not reject');
}

/** A 2xx whose body stream fails after its first bytes. */
export const cutOff = (status: number, error: unknown) => async () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id": 7,'));
        controller.error(error);
      },
    }),
    { status, headers: { 'content-type': 'application/json' } },
  );

export const apiInit = (overrides: Partial<APIErrorInit>): APIErrorInit => ({
  status: 404,
  headers: new Headers(),
  body: undefined,
  method: 'GET',
  path: '/api/public/v1/rooms/9',
  ...overrides,
});
