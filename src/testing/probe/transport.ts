/** The probe's one way to the service: raw statuses and headers, a bounded number of requests and
 * time, 429 honoured, 401 fatal, redirects never followed, the keys kept out of every text. @module */

import { parseRetryAfter } from '../../core/errors/api.ts';
import { readText } from '../../internal/body.ts';
import { Redactor } from '../../internal/redact.ts';
import { API_PREFIX } from '../../internal/wire.ts';
import { type OperationRow, pathOf } from '../../operations.ts';
import type { Scope } from '../../schemas/scopes.ts';

/** A key the probe sends, named by where it came from (an environment variable), never shown. */
export interface ProbeKey {
  /** Where the key came from, such as `CLINIC_API_KEY`: what a message names instead of it. */
  readonly name: string;
  /** The key itself, `<key_prefix>_live_<key_id>.<secret>`. */
  readonly apiKey: string;
  /** The scopes the user declares it holds, if known (scope mapping needs them). */
  readonly scopes?: readonly Scope[] | undefined;
}

/** What came back. `body` is parsed JSON, or `undefined` when empty or not JSON. */
export interface Exchange {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  /** The body had bytes. */
  readonly hadBody: boolean;
}

/** Ends the run: the budget, the time, a 401 or a long rate limit. */
export class ProbeStop extends Error {
  /** `'ProbeStop'`. */
  override name = 'ProbeStop';
  /** `unauthorized` ends with a message saying which key to use. */
  readonly reason: 'unauthorized' | 'budget' | 'deadline' | 'rate-limited' | 'network';
  /** @param message Says what happened and what to do, naming keys by their variable. */
  constructor(reason: ProbeStop['reason'], message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface TransportOptions {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
  keys: readonly ProbeKey[];
  maxRequests: number;
  maxDurationMs: number;
  timeoutMs: number;
  /** Pause between requests, so the probe never bursts. */
  minIntervalMs: number;
  /** A `Retry-After` longer than this ends the run instead of being waited out. */
  maxRetryAfterMs: number;
}

export interface SendOptions {
  json?: unknown;
  /** A body sent as is, with `contentType`. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Query parameters, set on the URL. */
  query?: Record<string, string>;
}

const RATE_HEADER = /^(x-)?rate-?limit|^retry-after$/i;
/** Names a service gives a request id. */
const REQUEST_ID_HEADER = /^(x-)?(request|correlation)-?id$|^x-amzn-requestid$/i;
// A bare-array list holds every record of the clinic.
const MAX_BODY_BYTES = 16 << 20;
const MAX_429_RETRIES = 3;
const CLEANUP_MS = 60_000;

/** Sends and counts every request of one run. */
export class Transport {
  #options: TransportOptions;
  readonly #redactor: Redactor[];
  #started = Date.now();
  #sent = 0;
  #last = 0;
  /** Rate-limit header names seen (names only: their values are the service's). */
  readonly rateHeaders = new Set<string>();
  /** 429 answers met. */
  rateLimited = 0;
  /** Request id header names seen, lower case (names only). */
  readonly requestIdHeaders = new Set<string>();

  constructor(options: TransportOptions) {
    this.#options = options;
    this.#redactor = options.keys.map((k) => new Redactor(k.apiKey));
  }

  /**
   * Room for the clean-up past the budget and the time limit: the probe must be able to cancel
   * what it booked even when a limit ended the probes.
   */
  enterCleanup(requests: number): void {
    this.#options = { ...this.#options, maxRequests: this.#sent + requests };
    this.#started = Date.now() - this.#options.maxDurationMs + CLEANUP_MS;
  }

  /** The service's host root. */
  get baseUrl(): string {
    return this.#options.baseUrl;
  }

  /** Requests sent so far. */
  get sent(): number {
    return this.#sent;
  }

  /** `text` with every form of every key taken out. */
  redact(text: string): string {
    return this.#redactor.reduce((t, r) => r.text(t), text);
  }

  /** `method` `path` (after `/api/public/v1`), as `key`. */
  async send(
    key: ProbeKey,
    method: string,
    path: string,
    options: SendOptions = {},
  ): Promise<Exchange> {
    const url = new URL(`${this.#options.baseUrl}${API_PREFIX}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      url.searchParams.set(name, value);
    }
    return this.sendUrl(key, method, url, options);
  }

  /** One request of a row of the table, on the record `id` where its path has one. */
  sendRow(key: ProbeKey, row: OperationRow, options: SendOptions & { id?: unknown } = {}) {
    return this.send(key, row.method, pathOf(row, options.id), options);
  }

  /** Like {@link send}, to an absolute URL the caller has checked (a page link). */
  async sendUrl(
    key: ProbeKey,
    method: string,
    url: URL,
    options: SendOptions = {},
  ): Promise<Exchange> {
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.#once(key, method, url, options);
      if (exchange.status !== 429) return exchange;
      this.rateLimited++;
      const asked = parseRetryAfter(exchange.headers);
      const waitMs = asked ?? 1000 * 2 ** attempt;
      if (attempt >= MAX_429_RETRIES || waitMs > this.#options.maxRetryAfterMs) {
        throw new ProbeStop(
          'rate-limited',
          `The service answered 429 (rate limited) ${attempt + 1} times` +
            (asked ? `, asking to wait ${Math.ceil(asked / 1000)} s` : '') +
            ': the probe stopped rather than press on. Run it again later.',
        );
      }
      await this.#sleep(waitMs);
    }
  }

  async #once(key: ProbeKey, method: string, url: URL, options: SendOptions): Promise<Exchange> {
    const { maxRequests, maxDurationMs, timeoutMs, minIntervalMs } = this.#options;
    if (this.#sent >= maxRequests) {
      throw new ProbeStop('budget', `The probe reached its budget of ${maxRequests} requests.`);
    }
    const left = maxDurationMs - (Date.now() - this.#started);
    if (left <= 0) {
      throw new ProbeStop('deadline', `The probe reached its time limit of ${maxDurationMs} ms.`);
    }
    const gap = this.#last + minIntervalMs - Date.now();
    if (gap > 0) await this.#sleep(gap);
    this.#sent++;
    this.#last = Date.now();
    const headers = new Headers(options.headers);
    headers.set('authorization', `Bearer ${key.apiKey}`);
    headers.set('accept', 'application/json');
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers.set('content-type', options.contentType ?? 'application/json');
    } else if (options.raw !== undefined) {
      body = options.raw;
      if (options.contentType) headers.set('content-type', options.contentType);
    }
    let response: Response;
    try {
      response = await this.#options.fetch(url, {
        method,
        headers,
        redirect: 'manual',
        signal: AbortSignal.timeout(Math.min(timeoutMs, left)),
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      if ((error as Error)?.name === 'TimeoutError' && left < timeoutMs) {
        throw new ProbeStop('deadline', `The probe reached its time limit of ${maxDurationMs} ms.`);
      }
      const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new ProbeStop(
        'network',
        this.redact(`${method} ${url.pathname} failed before an answer (${what}).`),
      );
    }
    for (const name of response.headers.keys()) {
      if (RATE_HEADER.test(name)) this.rateHeaders.add(name.toLowerCase());
      if (REQUEST_ID_HEADER.test(name)) this.requestIdHeaders.add(name.toLowerCase());
    }
    if (response.status === 401) {
      await response.body?.cancel();
      throw new ProbeStop(
        'unauthorized',
        `The service answered 401 to the key in ${key.name}: it does not accept it. Use a key ` +
          "created for this clinic in the service's web application (menu: clinic, then API " +
          `and webhooks), in the format <key_prefix>_live_<key_id>.<secret>, in ${key.name}, ` +
          'and check the base URL.',
      );
    }
    const { parsed, hadBody } = await readBody(response);
    return { status: response.status, headers: response.headers, body: parsed, hadBody };
  }

  #sleep(ms: number): Promise<void> {
    const left = this.#options.maxDurationMs - (Date.now() - this.#started);
    if (ms > left) {
      throw new ProbeStop('deadline', 'The probe would pass its time limit waiting; it stopped.');
    }
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}

async function readBody(response: Response): Promise<{ parsed: unknown; hadBody: boolean }> {
  // Over the cap a body is one the probe does not read: there, but not parsed.
  const read = await readText(response, new AbortController().signal, MAX_BODY_BYTES).catch(
    () => undefined,
  );
  if (read === undefined) return { parsed: undefined, hadBody: true };
  const [text, bytes] = read;
  if (bytes === 0) return { parsed: undefined, hadBody: false };
  try {
    return { parsed: JSON.parse(text), hadBody: true };
  } catch {
    return { parsed: undefined, hadBody: true };
  }
}
