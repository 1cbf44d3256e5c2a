/**
 * How a 2xx body is checked against its schema (`validateResponses`), and how a service that
 * has moved past the spec (a new enum value, a new member) is reported: once per field and
 * value, through the logger and `onDrift`. The schemas stay strict, since the reference server
 * produces and accepts by them; the leniency of `'compatible'` lives here, on the client's
 * reading side only.
 *
 * Not API, except the types {@link ResponseValidation} and {@link ResponseDrift}.
 *
 * @module
 */
import type * as z from 'zod';
import { isRecord } from '../internal/utils.ts';
import { ConfigurationError, quoteServerText } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * How responses are checked against the spec's schemas:
 *
 * - `'compatible'` (the default): a structural break (a missing member, a wrong type, a value
 *   of the wrong form) throws `ResponseValidationError`; a value outside a known enum (a new
 *   `status`, say) is passed on as sent, and a member the spec does not list is dropped; each
 *   is reported once ({@link ResponseDrift}). One new value does not take a list down.
 * - `'strict'` (and `true`, what it has always meant): an unknown enum value throws too; an
 *   unknown member is dropped and reported. For conformance tests against a service.
 * - `false`: nothing is checked or reported; bodies are taken as they come.
 */
export type ResponseValidation = 'strict' | 'compatible' | false;

/**
 * One way a response departs from the spec without breaking its structure, reported once per
 * client (and the clients `withOptions` derives from it) for each `kind`, `path`, `field` and
 * `value`. It never holds a value of a record: an unknown enum value is a value of the API
 * (such as a new status), and of an unknown member only the name is reported.
 */
export interface ResponseDrift {
  /** `enum_value`: a value outside the spec's list; `member`: a member the spec does not list. */
  kind: 'enum_value' | 'member';
  /** The method of the request that met it, such as `GET`. */
  method: string;
  /** The collection path of the object, such as `/appointments` (no id, no query). */
  path: string;
  /** The member's dotted path within one object, such as `status` or `patient.email`. */
  field: string;
  /** `enum_value`: the value sent (passed on in `'compatible'` mode); `member`: absent. */
  value?: string;
}

/** A 2xx body checked: the data, or the paths that failed. */
export type Checked<T> = { ok: true; data: T } | { ok: false; paths: string[] };

/**
 * What can pass for a new value of the spec's enums, which are all lower snake case
 * (`in_person`, `no_show`). Anything else in an enum member (a name, a sentence, a number) is
 * a structural break: it is not passed on, and never reported, since it may be health data.
 */
const ENUM_VALUE = /^[a-z][a-z0-9_]{0,63}$/;

/** How many distinct drifts a client reports; past it, new ones are dropped silently. */
const MAX_REPORTED_DRIFTS = 256;

/** The most characters of a member name a report carries. */
const MAX_FIELD_LENGTH = 128;

/** Reads `validateResponses` (`true` is `'strict'`, unset is `'compatible'`). */
export function responseValidation(value: unknown): ResponseValidation {
  if (value === undefined) return 'compatible';
  if (value === true) return 'strict';
  if (value === false || value === 'strict' || value === 'compatible') return value;
  throw new ConfigurationError(
    `validateResponses must be 'compatible' (the default), 'strict' (or true) or false; ` +
      `got ${typeof value === 'string' ? `"${quoteServerText(value, 40)}"` : typeof value}.`,
  );
}

/** Reports each drift once: a warn log line and `onDrift`. Shared by a client's `withOptions` children. */
export class DriftReporter {
  #seen: Set<string>;
  readonly #logger: Logger;
  readonly #onDrift: ((drift: ResponseDrift) => void) | undefined;

  constructor(logger: Logger, onDrift: ((drift: ResponseDrift) => void) | undefined) {
    this.#logger = logger;
    this.#onDrift = onDrift;
    this.#seen = new Set();
  }

  /** Shares `parent`'s memory of what was reported (a client derived by `withOptions`). */
  share(parent: DriftReporter): void {
    this.#seen = parent.#seen;
  }

  /** Reports `drift` unless it was reported already. */
  report(drift: ResponseDrift): void {
    const key = `${drift.kind} ${drift.path} ${drift.field} ${drift.value ?? ''}`;
    if (this.#seen.has(key) || this.#seen.size >= MAX_REPORTED_DRIFTS) return;
    this.#seen.add(key);
    const what =
      drift.kind === 'enum_value'
        ? `the value "${drift.value}" of ${drift.field}, which the spec does not list; it is passed on as sent`
        : `the member ${drift.field}, which the spec does not list; it is dropped`;
    this.#logger.warn(
      `clinic-scheduling: ${drift.method} ${drift.path} answered ${what}. Reported once; the ` +
        'service may have moved past this SDK version.',
      { event: 'clinic.response_drift', ...drift },
    );
    try {
      this.#onDrift?.(drift);
    } catch {
      // A reporting hook must not turn a good response into a failed call.
    }
  }
}

/**
 * Checks `body` against `schema` in `mode` (validation on). `report` receives each drift,
 * `method` and `path` to be filled in by the caller.
 */
export function checkResponse<T>(
  schema: z.ZodType<T>,
  body: unknown,
  mode: 'strict' | 'compatible',
  report: (drift: Pick<ResponseDrift, 'kind' | 'field' | 'value'>) => void,
): Checked<T> {
  let result = schema.safeParse(body);
  const opened: Array<{ path: PropertyKey[]; value: string; known: unknown }> = [];
  if (!result.success) {
    const broken: string[] = [];
    for (const issue of result.error.issues) {
      if (mode === 'compatible' && issue.code === 'invalid_value') {
        const value = valueAt(body, issue.path);
        if (typeof value === 'string' && ENUM_VALUE.test(value)) {
          opened.push({ path: issue.path, value, known: issue.values[0] });
          continue;
        }
      }
      broken.push(issue.path.join('.') || '(root)');
    }
    if (broken.length > 0) return { ok: false, paths: [...new Set(broken)] };
    // Parsed again with a known value in each unknown one's place, which is then put back: the
    // one schema stays the only statement of the shape.
    const patched = structuredClone(body);
    for (const { path, known } of opened) setAt(patched, path, known);
    result = schema.safeParse(patched);
    if (!result.success) {
      return { ok: false, paths: [...new Set(result.error.issues.map((i) => i.path.join('.')))] };
    }
    for (const { path, value } of opened) {
      setAt(result.data, path, value);
      report({ kind: 'enum_value', field: fieldOf(path), value });
    }
  }
  for (const field of droppedMembers(body, result.data)) report({ kind: 'member', field });
  return { ok: true, data: result.data };
}

/** The dotted path of a member within one object: array indices left out, bounded, escaped. */
function fieldOf(path: readonly PropertyKey[]): string {
  const names = path.filter((segment) => typeof segment === 'string');
  return quoteServerText(names.join('.'), MAX_FIELD_LENGTH);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const segment of path) {
    if (!isRecord(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function setAt(root: unknown, path: readonly PropertyKey[], value: unknown): void {
  const parent = valueAt(root, path.slice(0, -1)) as Record<PropertyKey, unknown>;
  parent[path[path.length - 1]!] = value;
}

/**
 * The members of `input` that parsing dropped (the schemas list every member the spec gives,
 * and strip the rest): what is in the input and not in the output, level by level.
 */
function droppedMembers(
  input: unknown,
  output: unknown,
  path: string[] = [],
  found: string[] = [],
): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < input.length; i++) droppedMembers(input[i], output[i], path, found);
  } else if (isRecord(input) && isRecord(output)) {
    for (const [name, value] of Object.entries(input)) {
      const inner = [...path, name];
      if (!Object.hasOwn(output, name)) found.push(fieldOf(inner));
      else droppedMembers(value, output[name], inner, found);
    }
  }
  return found;
}
