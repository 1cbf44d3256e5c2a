/**
 * {@link ClinicClient}: configuration, environment defaults, the resources, and the internal
 * call helpers every resource method goes through.
 *
 * @module
 */
import type * as z from 'zod';
import { APIPromise, type CallResult } from './core/api-promise.ts';
import {
  ConfigurationError,
  ReadBackError,
  ResponseValidationError,
  ValidationError,
  withIdempotencyKey,
} from './core/errors.ts';
import { isLogLevel, type Logger, type LogLevel, levelLogger } from './core/logger.ts';
import { checkPageUrl, Paginator } from './core/pagination.ts';
import { Redactor } from './core/redact.ts';
import type { AppointmentCreateOptions } from './core/request-options.ts';
import {
  type Checked,
  type ResponseDrift,
  ResponseReader,
  type ResponseValidation,
} from './core/response-check.ts';
import type { RetryPolicy } from './core/retry.ts';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_RESPONSE_BYTES,
  MAX_RETRIES_LIMIT,
  MAX_TIMEOUT_MS,
  type RawResponse,
  Transport,
} from './core/transport.ts';
import { checkMaxEmptyPages } from './core/walk.ts';
import { checkApiKey, checkBaseUrl, isBrowser } from './internal/options.ts';
import { checkNumber, isRecord, readEnv, runtimeName } from './internal/utils.ts';
import { AppointmentTypes } from './resources/appointment-types.ts';
import { Appointments } from './resources/appointments.ts';
import { Patients } from './resources/patients.ts';
import { Professionals } from './resources/professionals.ts';
import { Rooms } from './resources/rooms.ts';
import { ListQuery } from './schemas/common.ts';
import { issuesToFields } from './schemas/errors.ts';
import { VERSION } from './version.ts';

/** Options of {@link ClinicClient}. Every one is optional when the environment supplies it. */
export interface ClientOptions {
  /**
   * The API key, `<key_prefix>_live_<key_id>.<secret>`. Default: env `CLINIC_API_KEY`.
   * It gives access to health data: keep it in server-side configuration, never in code.
   */
  apiKey?: string | undefined;
  /**
   * The service host root, such as `https://clinic.example.com`; the client appends
   * `/api/public/v1` itself. Default: env `CLINIC_BASE_URL`.
   */
  baseUrl?: string | undefined;
  /** Per-attempt timeout in milliseconds. Default 30 000. */
  timeout?: number | undefined;
  /** How many times a failed request may be retried (see the retry policy). Default 2. */
  maxRetries?: number | undefined;
  /**
   * The largest response body read, in bytes (1 to 256 MiB; default 10 MiB, ten times the
   * spec's largest answer). Reading stops once over, so memory stays bounded: a 2xx over it
   * rejects with `APIConnectionError` (it may have been processed; not retried), a non-2xx
   * with the `APIError` of its status, without `body`. See docs/reliability.md.
   */
  maxResponseBytes?: number | undefined;
  /**
   * The `fetch` to send requests with: default the global one, looked up at each request so
   * that MSW (started after the client) still intercepts. It is called as `fetch(url, init)`,
   * `init` holding the method, the headers, the body and an `AbortSignal`. Pass the reference
   * server's `api.fetch` to test without MSW.
   */
  fetch?: typeof fetch | undefined;
  /**
   * Headers added to every request. `Authorization` cannot be set here. A header HTTP cannot
   * carry (a line break, a control character, a character beyond Latin-1 in its value) is
   * refused with `ConfigurationError` at construction.
   */
  headers?: Record<string, string> | undefined;
  /** How responses are checked ({@link ResponseValidation}). Default `'compatible'`; `true` is `'strict'`. */
  validateResponses?: ResponseValidation | boolean | undefined;
  /** Called once per {@link ResponseDrift} after its `warn` log line; what it throws is ignored. */
  onDrift?: ((drift: ResponseDrift) => void) | undefined;
  /** A list walk ends (`ClinicError`) at this many empty pages in a row with a `next` (1 to 1,000; default 10). */
  maxEmptyPages?: number | undefined;
  /** How much to log: `off`, `error`, `warn` (default), `info`, `debug`. Default: env `CLINIC_LOG`. */
  logLevel?: LogLevel | undefined;
  /** Where to log. Default `console`. The key is never logged; bodies are never logged. */
  logger?: Logger | undefined;
  /**
   * Allow construction in a browser. The spec forbids API keys in client-side code: anyone who
   * opens the page can read the key and the clinic's health data with it. Leave it off.
   */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Allow `http://` to a host that is not this machine (localhost, 127.0.0.0/8...): the key would go in clear. */
  dangerouslyAllowHttp?: boolean | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;

/** @internal How a resource method describes one call. */
export interface CallSpec<T> {
  method: 'GET' | 'POST' | 'PATCH';
  /** The collection path, such as `/appointments`. */
  path: string;
  /** The path id: its schema and value, appended to `path` once checked. */
  id?: [schema: z.ZodType, value: unknown];
  /** Appended after the id, such as `/cancel`. */
  suffix?: string;
  /** The body: its schema and the caller's value, checked before anything is sent. */
  input?: [schema: z.ZodType, value: unknown];
  retry: RetryPolicy;
  idempotent?: boolean;
  response: z.ZodType<T>;
  /**
   * When the 2xx body is not the object (empty, 204, another shape), read it with
   * `GET path/id` instead (PATCH and cancel, whose bodies the spec does not show). When that
   * read fails, the call throws {@link ReadBackError}: the write itself succeeded.
   */
  refetch?: boolean;
  options?: AppointmentCreateOptions | undefined;
}

/**
 * The client of the Clinic Scheduling Public API v1.
 *
 * @example
 * ```ts
 * import { ClinicClient } from '@clinic-scheduling/sdk';
 *
 * const clinic = new ClinicClient(); // reads CLINIC_API_KEY and CLINIC_BASE_URL
 * for await (const room of clinic.rooms.list()) console.log(room.name);
 * ```
 */
export class ClinicClient {
  /** Appointments: list, retrieve, create, update, cancel. */
  readonly appointments: Appointments;
  /** Patients: list, retrieve, create, update. */
  readonly patients: Patients;
  /** Professionals (read-only). */
  readonly professionals: Professionals;
  /** Rooms (read-only; only active rooms). */
  readonly rooms: Rooms;
  /** Appointment types (read-only). */
  readonly appointmentTypes: AppointmentTypes;

  /** The service host root, without a trailing slash. */
  readonly baseUrl: string;
  /** Per-attempt timeout in milliseconds. */
  readonly timeout: number;
  /** Retries allowed per call. */
  readonly maxRetries: number;
  /** The largest response body read, in bytes. */
  readonly maxResponseBytes: number;
  /** How responses are checked (`true` given reads `'strict'`). */
  readonly validateResponses: ResponseValidation;
  /** Pages in a row without items (but with `next`) at which a list walk ends. */
  readonly maxEmptyPages: number;

  readonly #options: ClientOptions;
  readonly #reader: ResponseReader;
  readonly #redactor: Redactor;
  /** @internal */
  readonly _transport: Transport;

  /**
   * @throws {@link ConfigurationError} when the key or base URL is missing or malformed, an
   *   option is out of range, or in a browser without `dangerouslyAllowBrowser`.
   */
  constructor(options: ClientOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new ConfigurationError('ClinicClient takes an options object.');
    }
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigurationError(
        'ClinicClient refuses to run in a browser: the API key gives access to health data, ' +
          'and anyone who opens the page could read it. Call the API from your server. If ' +
          'you understand the risk (say, an internal tool behind authentication), pass ' +
          'dangerouslyAllowBrowser: true.',
      );
    }
    this.#options = { ...options };
    const apiKey = checkApiKey(
      options.apiKey === undefined ? readEnv('CLINIC_API_KEY') : options.apiKey,
    );
    const allowHttp = options.dangerouslyAllowHttp === true;
    this.baseUrl = checkBaseUrl(options.baseUrl ?? readEnv('CLINIC_BASE_URL'), apiKey, allowHttp);
    this.timeout = checkNumber('timeout', options.timeout ?? DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
    this.maxRetries = checkNumber(
      'maxRetries',
      options.maxRetries ?? DEFAULT_MAX_RETRIES,
      0,
      MAX_RETRIES_LIMIT,
      true,
    );
    const bytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.maxResponseBytes = checkNumber('maxResponseBytes', bytes, 1, MAX_RESPONSE_BYTES, true);
    this.maxEmptyPages = checkMaxEmptyPages(options.maxEmptyPages);
    const level = options.logLevel ?? readEnv('CLINIC_LOG') ?? 'warn';
    if (!isLogLevel(level)) {
      throw new ConfigurationError(
        `logLevel (or CLINIC_LOG) must be one of off, error, warn, info, debug; got "${String(level)}".`,
      );
    }
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new ConfigurationError('fetch must be a function with the signature of fetch().');
    }
    const logger = levelLogger(options.logger ?? console, level);
    this.#reader = new ResponseReader(options.validateResponses, logger, options.onDrift);
    this.validateResponses = this.#reader.mode;
    this.#redactor = new Redactor(apiKey);
    this._transport = new Transport(apiKey, {
      baseUrl: this.baseUrl,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      maxResponseBytes: this.maxResponseBytes,
      fetch: options.fetch,
      headers: { ...options.headers },
      logger,
      debug: level === 'debug',
      userAgent: `clinic-scheduling-sdk-typescript/${VERSION} ${runtimeName()}`,
    });
    this.appointments = new Appointments(this);
    this.patients = new Patients(this);
    this.professionals = new Professionals(this);
    this.rooms = new Rooms(this);
    this.appointmentTypes = new AppointmentTypes(this);
  }

  /**
   * A new client with the same configuration except `overrides`. An option given as
   * `undefined` is not given: the parent client's setting applies (as with
   * `exactOptionalPropertyTypes`), never the default.
   *
   * @example
   * ```ts
   * const patient = clinic.withOptions({ timeout: 5_000, maxRetries: 0 });
   * ```
   */
  withOptions(overrides: ClientOptions): ClinicClient {
    const given = Object.entries(overrides ?? {}).filter(([, value]) => value !== undefined);
    const child = new ClinicClient({ ...this.#options, ...Object.fromEntries(given) });
    // A drift is reported once for the family of clients, not again by each derived one.
    child.#reader.share(this.#reader);
    return child;
  }

  /** @internal Sends one call: checks inputs, sends, validates the answer. */
  _request<T>(spec: CallSpec<T>): APIPromise<T> {
    return new APIPromise(this.#call(spec));
  }

  /**
   * @internal A list call. A query that fails its schema does not throw here: the paginator
   * rejects with the {@link ValidationError} when awaited or iterated, sending nothing.
   */
  _list<T>(
    path: string,
    item: z.ZodType<T>,
    query: unknown,
    options: AppointmentCreateOptions | undefined,
    querySchema: z.ZodType = ListQuery,
  ): Paginator<T> {
    let checked: Record<string, unknown> | undefined;
    let invalid: unknown;
    try {
      checked =
        query === undefined
          ? undefined
          : (parseInput(querySchema, query, 'query') as Record<string, unknown>);
    } catch (error) {
      invalid = error;
    }
    const transport = this._transport;
    const apiRoot = transport.apiRoot;
    return new Paginator<T>(
      {
        fetch: (urlOrPath, q) =>
          invalid === undefined
            ? transport.request({
                method: 'GET',
                path: urlOrPath,
                query: q,
                retry: 'safe',
                options,
              })
            : Promise.reject(invalid),
        checkPageUrl: (url, base, which, page) => checkPageUrl(url, base, which, page, apiRoot),
        check: this.validateResponses
          ? (value) => this.#check(item, value, { method: 'GET', path })
          : undefined,
        options,
        maxEmptyPages: this.maxEmptyPages,
      },
      path,
      checked,
    );
  }

  async #call<T>(spec: CallSpec<T>): Promise<CallResult<T>> {
    // The record's path, id checked and encoded once: the write and any read-back use it.
    let itemPath = spec.path;
    if (spec.id) {
      const [schema, value] = spec.id;
      itemPath += `/${encodeURIComponent(String(parseInput(schema, value, 'id', 'id')))}`;
    }
    const body = spec.input ? parseInput(spec.input[0], spec.input[1], 'body') : undefined;
    const raw = await this._transport.request({
      method: spec.method,
      path: spec.suffix ? itemPath + spec.suffix : itemPath,
      body,
      retry: spec.retry,
      idempotent: spec.idempotent,
      options: spec.options,
    });
    const checked = this.#check(spec.response, raw.body, spec, spec.refetch);
    let data: T;
    if (checked.ok) data = checked.data;
    else if (spec.refetch) data = await this.#readBack(spec, itemPath, raw);
    else {
      throw withIdempotencyKey(
        new ResponseValidationError(checked.paths, raw.method, raw.path),
        raw.idempotencyKey,
      );
    }
    return {
      data,
      response: raw.response,
      idempotencyKey: raw.idempotencyKey,
      replayed: raw.replayed,
    };
  }

  /**
   * Reads the record back after a write whose 2xx body was not the record.
   *
   * @throws {@link ReadBackError} when that read fails in any way: the write succeeded.
   */
  async #readBack<T>(spec: CallSpec<T>, itemPath: string, write: RawResponse): Promise<T> {
    try {
      const fresh = await this._transport.request({
        method: 'GET',
        path: itemPath,
        retry: 'safe',
        options: spec.options,
      });
      const checked = this.#check(spec.response, fresh.body, { method: 'GET', path: spec.path });
      if (checked.ok) return checked.data;
      throw new ResponseValidationError(checked.paths, fresh.method, fresh.path);
    } catch (error) {
      const readPath = `${this._transport.apiRoot.pathname}${itemPath}`;
      const headers = this.#redactor.headers(write.response.headers);
      throw new ReadBackError(write, readPath, error, headers);
    }
  }

  /**
   * Checks a 2xx body against `schema` in the client's mode, reporting drift as met on
   * `where` (method and collection path). Without validation a body is taken as is, except a
   * write's (`refetch`) that does not even look like a record.
   */
  #check<T>(schema: z.ZodType<T>, body: unknown, where: Where, refetch = false): Checked<T> {
    if (this.validateResponses) return this.#reader.check(schema, body, where);
    if (refetch && !(isRecord(body) && 'id' in body && 'status' in body)) {
      return { ok: false, paths: ['(root)'] };
    }
    return { ok: true, data: body as T };
  }

  /** A summary without the key, for `console.log(client)`. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `ClinicClient { baseUrl: '${this.baseUrl}', timeout: ${this.timeout}, maxRetries: ${this.maxRetries} }`;
  }

  /** A summary without the key, for `JSON.stringify(client)`. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, timeout: this.timeout, maxRetries: this.maxRetries };
  }
}

/** A response's method and collection path, as drift reports name them. */
type Where = { method: string; path: string };

/**
 * Checks an input with its schema.
 *
 * @throws {@link ValidationError} with `fields` in the 400 shape.
 */
function parseInput(schema: z.ZodType, value: unknown, what: string, field?: string): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(issuesToFields(result.error.issues, field), what);
}
