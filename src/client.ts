/** {@link ClinicClient}: configuration, the resources, and `_call`, which runs a row. @module */
import type * as z from 'zod';
import { APIPromise } from './core/api-promise.ts';
import { ConfigurationError } from './core/errors/index.ts';
import type { Hooks, OpenTelemetryApi } from './core/hooks.ts';
import { isLogLevel, type Logger, type LogLevel, levelLogger } from './core/logger.ts';
import { checkPageUrl, Paginator } from './core/pagination.ts';
import type { AppointmentCreateOptions, ListRequestOptions } from './core/request-options.ts';
import type { CallArgs, CallReturn } from './core/resource.ts';
import type { ResponseDrift, ResponseValidation } from './core/response-check.ts';
import { callObject, callPage } from './internal/call.ts';
import {
  checkApiKey,
  checkBaseUrl,
  DEFAULT_MAX_RESPONSE_BYTES,
  isBrowser,
  MAX_RESPONSE_BYTES,
  MAX_RETRIES_LIMIT,
  MAX_TIMEOUT_MS,
} from './internal/options.ts';
import { parseInput, RequestPath } from './internal/request.ts';
import { checkNumber, isRecord, readEnv, runtimeName } from './internal/utils.ts';
import { checkMaxEmptyPages } from './internal/walk.ts';
import { USER_AGENT_PRODUCT } from './internal/wire.ts';
import type { OperationRow } from './operations.ts';
import { AppointmentTypes } from './resources/appointment-types.ts';
import { Appointments } from './resources/appointments.ts';
import { Patients } from './resources/patients.ts';
import { Professionals } from './resources/professionals.ts';
import { Rooms } from './resources/rooms.ts';
import { ListQuery, NoListFilters } from './schemas/fields/index.ts';
import { VERSION } from './version.ts';

/** Options of {@link ClinicClient}. Every one is optional when the environment supplies it. */
export interface ClientOptions {
  /** The API key, `<key_prefix>_live_<key_id>.<secret>` (default: env `CLINIC_API_KEY`). */
  apiKey?: string | undefined;
  /** The host root, without `/api/public/v1` (default: env `CLINIC_BASE_URL`). */
  baseUrl?: string | undefined;
  /** Per-attempt timeout in milliseconds. Default 30 000. */
  timeout?: number | undefined;
  /** How many times a failed request may be retried. Default 2. */
  maxRetries?: number | undefined;
  /** The largest response body read, in bytes: 1 to 256 MiB, default 10 MiB. */
  maxResponseBytes?: number | undefined;
  /** The `fetch` to use, called as `fetch(url, init)` with `init.headers` a `Headers` (read it
   * with `new Headers(init.headers)`), `init.body` the JSON text and `init.signal`; it resolves
   * with a `Response` (anything else is a `ClinicError`, not retried). Default: the global one,
   * looked up per request so MSW started later still intercepts. */
  fetch?: typeof fetch | undefined;
  /** Headers for every request, not `Authorization`; HTTP must be able to carry them. */
  headers?: Record<string, string> | undefined;
  /** How responses are checked ({@link ResponseValidation}); default `'compatible'`. */
  validateResponses?: ResponseValidation | boolean | undefined;
  /** Called once per {@link ResponseDrift} after its `warn` log line; what it throws is ignored. */
  onDrift?: ((drift: ResponseDrift) => void) | undefined;
  /** A list walk fails at this many empty pages in a row with a `next` (1 to 1,000; default 10). */
  maxEmptyPages?: number | undefined;
  /** How much to log: `off`, `error`, `warn` (default), `info`, `debug` (env `CLINIC_LOG`). */
  logLevel?: LogLevel | undefined;
  /** Where to log (default `console`); never the key nor a body. */
  logger?: Logger | undefined;
  /** Functions called as each call progresses (see {@link Hooks}); a call's own run after. */
  hooks?: Hooks | undefined;
  /** The `@opentelemetry/api` module: a span per call and per attempt, W3C trace context sent
   * with each attempt, and metrics (docs/observability.md). Nothing is emitted without it. */
  openTelemetry?: OpenTelemetryApi | undefined;
  /** Let the registered propagator send `baggage` (the application's own data) to the service,
   * a third party holding health data. Default `false`: only `traceparent` and `tracestate`. */
  propagateBaggage?: boolean | undefined;
  /** Allow a browser, where anyone could read the key (the spec forbids it). Leave it off. */
  dangerouslyAllowBrowser?: boolean | undefined;
  /** Allow `http://` to a host other than this machine: the key would travel in clear. */
  dangerouslyAllowHttp?: boolean | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_RETRIES = 2;

interface AnyArgs {
  id?: unknown;
  body?: unknown;
  query?: unknown;
  options?: AppointmentCreateOptions | undefined;
}

/**
 * The client of the Clinic Scheduling Public API v1.
 *
 * @example
 * ```ts
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
  /** Retries allowed per request of a call (a read-back's GET has as many of its own). */
  readonly maxRetries: number;
  /** The largest response body read, in bytes. */
  readonly maxResponseBytes: number;
  /** How responses are checked (`true` given reads `'strict'`). */
  readonly validateResponses: ResponseValidation;
  /** Pages in a row without items (but with `next`) at which a list walk ends. */
  readonly maxEmptyPages: number;

  readonly #options: ClientOptions;
  readonly #logger: Logger;
  readonly #unknownFilters = new Set<string>();
  readonly #path: RequestPath;

  /** @throws {@link ConfigurationError} for a missing or malformed option. */
  constructor(options: ClientOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new ConfigurationError('ClinicClient takes an options object.');
    }
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new ConfigurationError(
        'ClinicClient refuses to run in a browser: the API key gives access to health data, ' +
          'and anyone who opens the page could read it. Call the API from your server. If ' +
          'this is a server-side test run in a simulated DOM (vitest or jest with ' +
          "environment: 'jsdom' or 'happy-dom'), run it in the node environment: " +
          "environment: 'node' in the test config, or a `// @vitest-environment node` first " +
          'line in the file. If you understand the risk (say, an internal tool behind ' +
          'authentication), pass dangerouslyAllowBrowser: true.',
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
    this.#logger = logger;
    this.#path = new RequestPath(apiKey, {
      baseUrl: this.baseUrl,
      timeout: this.timeout,
      maxRetries: this.maxRetries,
      maxResponseBytes: this.maxResponseBytes,
      fetch: options.fetch,
      headers: options.headers,
      logger,
      info: level === 'info' || level === 'debug',
      debug: level === 'debug',
      userAgent: `${USER_AGENT_PRODUCT}/${VERSION} ${runtimeName()}`,
      hooks: options.hooks,
      openTelemetry: options.openTelemetry,
      propagateBaggage: options.propagateBaggage,
      validateResponses: options.validateResponses,
      onDrift: options.onDrift,
    });
    this.validateResponses = this.#path.reader.mode;
    this.appointments = new Appointments(this);
    this.patients = new Patients(this);
    this.professionals = new Professionals(this);
    this.rooms = new Rooms(this);
    this.appointmentTypes = new AppointmentTypes(this);
  }

  /** A new client with this configuration and `overrides`; an `undefined` override keeps ours. */
  withOptions(overrides: ClientOptions): this {
    const given = Object.entries(overrides ?? {}).filter(([, value]) => value !== undefined);
    // A subclass gets an instance of itself, as openai-node's withOptions does.
    const Self = this.constructor as new (options: ClientOptions) => this;
    const child = new Self({ ...this.#options, ...Object.fromEntries(given) });
    // A drift is reported once for the family of clients, not again by each derived one.
    child.#path.reader.share(this.#path.reader);
    return child;
  }

  /** @internal Runs `row`: one call in an `APIPromise`, or for a list a `Paginator` whose every
   * page is a call (an invalid query rejects only when awaited). */
  _call<R extends OperationRow>(row: R, args: CallArgs<R>): CallReturn<R> {
    const given = args as AnyArgs;
    return (
      row.kind === 'list'
        ? this.#list(row, given)
        : new APIPromise(callObject(this.#path, row, given))
    ) as CallReturn<R>;
  }

  // `extraQuery` is the escape for unspecified parameters: only its value types are checked.
  #list(row: OperationRow, { query, options }: AnyArgs): Paginator<unknown> {
    const listOptions = options as ListRequestOptions | undefined;
    let checked: Record<string, unknown> | undefined;
    let invalid: unknown;
    try {
      const typed = query === undefined ? undefined : this.#listQuery(row, query);
      const extra =
        listOptions?.extraQuery === undefined
          ? undefined
          : parseInput(ListQuery, listOptions.extraQuery, 'extraQuery');
      checked =
        typed === undefined && extra === undefined
          ? undefined
          : { ...(typed as object | undefined), ...(extra as object | undefined) };
    } catch (error) {
      invalid = error;
    }
    const path = this.#path;
    const { apiRoot } = path;
    return new Paginator<unknown>(
      {
        fetch: (target, q, read) =>
          invalid === undefined
            ? callPage(path, row, options, target, q, read)
            : Promise.reject(invalid),
        checkPageUrl: (url, base, which, page) => checkPageUrl(url, base, which, page, apiRoot),
        check: this.validateResponses
          ? (item, trace) => path.check(row, item, false, trace)
          : undefined,
        options,
        maxEmptyPages: this.maxEmptyPages,
      },
      row.path,
      checked,
    );
  }

  // An unspecified key is sent (the service may accept it) but warned of once: ignored, it
  // would silently return every item.
  #listQuery(row: OperationRow, query: unknown): Record<string, unknown> {
    const schema = row.query ?? NoListFilters;
    if (!isRecord(query)) return parseInput(schema, query, 'query') as Record<string, unknown>;
    const shape = (schema as Partial<z.ZodObject>).shape ?? {};
    const isFilter = ([key]: [string, unknown]) => Object.hasOwn(shape, key);
    const entries = Object.entries(query);
    const checked = parseInput(schema, Object.fromEntries(entries.filter(isFilter)), 'query');
    const others = entries.filter((entry) => !isFilter(entry));
    if (others.length === 0) return checked as Record<string, unknown>;
    const extra = parseInput(ListQuery, Object.fromEntries(others), 'query');
    for (const [key] of others) {
      if (this.#unknownFilters.has(`${row.name} ${key}`) || this.#unknownFilters.size >= 256)
        continue;
      this.#unknownFilters.add(`${row.name} ${key}`);
      this.#logger.warn(
        `clinic-scheduling: ${row.name}: ${JSON.stringify(key.slice(0, 64))} is not a filter the ` +
          'spec shows for this list; it is sent as given, and a service that ignores it answers ' +
          'with every item. Pass it in options.extraQuery to say your service documents it.',
        { event: 'clinic.unknown_filter', operation: row.name, key: key.slice(0, 64) },
      );
    }
    return { ...(checked as object), ...(extra as object) };
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
