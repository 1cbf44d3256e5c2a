/** The Fetch-API core every request goes through (the adapters only translate): origin, log,
 * faults, 400 repeats, 401, rate limit (429), route (404), 403, body, Idempotency-Key, operation.
 * @module */
import { matchOperation, type OperationMatch, type OperationName } from '../../operations.ts';
import { authenticate, maskAuthorization, requireScope } from './auth.ts';
import { publishChanges } from './changes.ts';
import type { FaultDraw } from './chaos.ts';
import {
  API_PREFIX,
  type RecordedRequest,
  type RequestOutcome,
  type ServerContext,
} from './context.ts';
import { faultResponse, ReferenceNetworkError, wait } from './faults.ts';
import { HANDLERS, type OperationResult } from './handlers.ts';
import {
  assertSameEndpoint,
  bind,
  fingerprint,
  readIdempotencyKey,
  replay,
} from './idempotency.ts';
import { requestOrigin } from './links.ts';
import { assertWithinRateLimit } from './rate-limit.ts';
import { assertNoRepeats, readBody, refuseBody } from './request-body.ts';
import { ApiProblem, jsonResponse, notFound } from './responses.ts';
import type { ClinicState } from './store.ts';
import { formatUtcInstant } from './time.ts';

/** The signature of `api.fetch`: that of the global `fetch`. */
export type ReferenceFetch = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** What a socket saw of a request that a Fetch `Request` cannot carry. */
export interface SocketFacts {
  /** The method as sent, when a `Request` cannot carry it (TRACE, TRACK, CONNECT). */
  readonly method?: string;
  /** Names (lower case) of the headers sent more than once, which `Headers` joins with commas. */
  readonly repeatedHeaders: readonly string[];
}

/** The signature of `api.serve`: `api.fetch` for a request that came in on a socket. */
export type ReferenceServe = (request: Request, socket: SocketFacts) => Promise<Response>;

/** Spec 1 facts 1–2, 7 and spec 4: 404 for any other method or path, or a malformed path id. */
function resolveRoute(method: string, apiPath: string | undefined, path: string): OperationMatch {
  const match = apiPath === undefined ? undefined : matchOperation(method, apiPath);
  if (match) return match;
  throw notFound(
    `Not found: ${method} ${path} is not an ` +
      'operation of the Clinic Scheduling API v1 (or the id does not match its pattern).',
  );
}

type RequestLine = Pick<RecordedRequest, 'method' | 'path' | 'query' | 'headers' | 'attempt'>;

function record(request: Request, url: URL, method: string, attemptHeader: string | null) {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = name === 'authorization' ? maskAuthorization(value) : value;
  });
  const attempt = attemptHeader === null ? null : request.headers.get(attemptHeader)?.trim();
  const line: RequestLine = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    ...(attempt && /^\d{1,9}$/.test(attempt) && { attempt: Number(attempt) }),
  };
  return line;
}

function outcomeOf(draw: FaultDraw): RequestOutcome {
  const { action, source } = draw;
  if (action.status !== undefined) return { source, action: 'status' };
  if (action.networkError) return { source, action: 'networkError' };
  if (action.loseResponse) return { source, action: action.holdMs ? 'timeout' : 'loseResponse' };
  return { source, action: 'delay' };
}

async function handle(
  ctx: ServerContext,
  request: Request,
  url: URL,
  method: string,
): Promise<Response> {
  const key = authenticate(ctx.store, request.headers.get('authorization'));
  const clinic = ctx.store.clinic(key.company_id);
  assertWithinRateLimit(clinic, key.key_id, ctx.clock.now());
  const prefix = ctx.basePath + API_PREFIX;
  const apiPath = url.pathname.startsWith(`${prefix}/`)
    ? url.pathname.slice(prefix.length)
    : undefined;
  const { row, id } = resolveRoute(method, apiPath, url.pathname.slice(ctx.basePath.length));
  const scope = clinic.settings.operationScopes[row.name] ?? row.scope;
  if (scope !== 'none') requireScope(key, scope, `${method} ${API_PREFIX}${row.path}`);
  const operation = HANDLERS[row.name as OperationName];
  const linkBase =
    ctx.links === 'request' ? `${requestOrigin(request.headers, url)}${ctx.basePath}` : ctx.baseUrl;

  const { settings } = clinic;
  const endpoint = `${method} ${url.pathname}`;
  if (row.method === 'GET') {
    if (settings.idempotencyKeyOnReads === 'bind') {
      bindReadKey(clinic, request.headers, endpoint, ctx.clock.now());
    }
    const result = await operation({ ctx, clinic, url, linkBase, id, body: {} });
    return jsonResponse(row.status, result.body);
  }

  const idempotencyKey = readIdempotencyKey(request.headers);
  let body: Record<string, unknown> = {};
  if (row.bodies !== 'none') {
    body = await readBody(request, row.bodies, ctx, clinic.settings);
  } else {
    await refuseBody(request, ctx.maxBodyBytes, clinic.settings.cancelBody);
  }
  // Synchronous from here, so no request slips in between the replay check and the write.
  const run = (): OperationResult => {
    const result = operation({ ctx, clinic, url, linkBase, id, body });
    if (result instanceof Promise) throw new TypeError('write operations must be synchronous');
    publishChanges(ctx, clinic, result.changed ?? [], {
      log: ctx.journal,
      intent: idempotencyKey,
    });
    return result;
  };
  const answer = (result: OperationResult) => {
    const text = result.body === undefined ? undefined : JSON.stringify(result.body);
    const status = result.status ?? row.status;
    const headers = text === undefined ? undefined : { 'content-type': 'application/json' };
    return { status, text, response: () => new Response(text ?? null, { status, headers }) };
  };
  if (idempotencyKey === undefined) return answer(run()).response();
  const now = ctx.clock.now();
  // Spec 4.4 describes replay on POST /appointments only (`idempotencyReplay`); a key sent on
  // any write binds to its endpoint and body (`idempotencyBinding`).
  const replays = row.replay || settings.idempotencyReplay === 'every-write';
  if (!replays && settings.idempotencyBinding === 'create-appointment') {
    assertSameEndpoint(clinic, idempotencyKey, endpoint, now);
    return answer(run()).response();
  }
  const print = fingerprint(body);
  const replayed = replay(clinic, idempotencyKey, endpoint, print, now);
  if (replayed) return replayed;
  let result: OperationResult;
  try {
    result = run();
  } catch (error) {
    // Bound whatever the outcome: the same key with another body is 422 for 24 h.
    if (error instanceof ApiProblem) bind(clinic, idempotencyKey, endpoint, print, now);
    throw error;
  }
  const out = answer(result);
  const kept = replays
    ? { status: out.status, body: out.text, current: result.current }
    : undefined;
  bind(clinic, idempotencyKey, endpoint, print, now, kept);
  return out.response();
}

/** `idempotencyKeyOnReads: 'bind'`: a read's key is checked (400, 422) and bound like a write's. */
function bindReadKey(clinic: ClinicState, headers: Headers, endpoint: string, now: number): void {
  const key = readIdempotencyKey(headers);
  if (key === undefined) return;
  const print = fingerprint({});
  // A read's entry keeps no answer, so this only refuses a key bound to another endpoint.
  replay(clinic, key, endpoint, print, now);
  bind(clinic, key, endpoint, print, now);
}

function recordSize(entry: RecordedRequest): number {
  let size = 160 + entry.method.length + entry.path.length;
  for (const [k, v] of Object.entries(entry.query)) size += k.length + v.length + 6;
  for (const [k, v] of Object.entries(entry.headers)) size += k.length + v.length + 6;
  return size;
}

/** A wrong `baseUrl` would reach no server, so it fails as `fetch` does, saying what to change. */
function wrongOrigin(ctx: ServerContext, url: URL): TypeError {
  return new TypeError(
    `api.fetch answers ${new URL(ctx.baseUrl).origin} only, not ${url.origin}: give the ` +
      "client the server's baseUrl (api.baseUrl), or create the server with origins: 'any'.",
  );
}

/** Builds `api.fetch` and `api.serve`: one core; a socket's requests skip the origin check. */
export function createFetch(ctx: ServerContext): { fetch: ReferenceFetch; serve: ReferenceServe } {
  const origin = new URL(ctx.baseUrl).origin;
  const answer = async (request: Request, socket: SocketFacts | undefined) => {
    const url = new URL(request.url);
    if (ctx.origins === 'base-url' && url.origin !== origin && !socket) {
      throw wrongOrigin(ctx, url);
    }
    const method = socket?.method?.toUpperCase() ?? request.method.toUpperCase();
    const line = record(request, url, method, ctx.attemptHeader);
    const time = formatUtcInstant(ctx.clock.now());
    const started = performance.now();
    let status = 0;
    const draw = ctx.faults.take(method, url.pathname);
    try {
      const fault = draw?.action;
      if (fault?.delayMs) await wait(fault.delayMs, request.signal);
      if (fault?.networkError) throw new ReferenceNetworkError('networkError');
      if (fault?.status !== undefined) {
        const answer = faultResponse(fault);
        status = answer.status;
        return answer;
      }
      let response: Response;
      try {
        assertNoRepeats(ctx, url, socket?.repeatedHeaders ?? []);
        response = await handle(ctx, request, url, method);
      } catch (error) {
        if (!(error instanceof ApiProblem)) throw error;
        response = error.toResponse();
      }
      if (ctx.requestIdHeader !== null) {
        response.headers.set(ctx.requestIdHeader, crypto.randomUUID());
      }
      status = response.status;
      if (fault?.holdMs) await wait(fault.holdMs, request.signal);
      if (fault?.loseResponse) throw new ReferenceNetworkError('loseResponse');
      return response;
    } finally {
      // Logged once answered (or failed), so the entry holds what the client met.
      const entry: RecordedRequest = {
        ...line,
        status,
        time,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        ...(draw && { outcome: outcomeOf(draw) }),
      };
      ctx.requests.append(entry, recordSize(entry));
    }
  };
  return {
    fetch: (input, init) =>
      answer(
        input instanceof Request && init === undefined ? input : new Request(input, init),
        undefined,
      ),
    serve: (request, socket) => answer(request, socket),
  };
}
