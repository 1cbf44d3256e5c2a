/** How a 2xx body is checked and drift reported. The schemas stay strict (the reference server
 * produces by them); the leniency is the client's reading only. @module */
import type * as z from 'zod';
import { isRecord } from '../internal/utils.ts';
import { ConfigurationError, quoteServerText } from './errors/index.ts';
import type { Logger, LogTrace } from './logger.ts';

/** `'compatible'` (default): a break throws, a new enum value or member is passed on or dropped
 * and reported ({@link ResponseDrift}); `'strict'`: a new enum value throws too; `false`: none. */
export type ResponseValidation = 'strict' | 'compatible' | false;

/** A departure from the spec that breaks nothing, reported once per client family; no data. */
export interface ResponseDrift {
  /** `enum_value`: a value outside the spec's list; `member`: a member the spec does not list. */
  kind: 'enum_value' | 'member';
  /** The request's method, such as `GET`. */
  method: string;
  /** The operation's path template, as hooks name it: `/api/public/v1/appointments/{id}`. */
  path: string;
  /** The member's dotted path within one object, such as `status` or `patient.email`. */
  field: string;
  /** The unknown enum value (`enum_value` only). */
  value?: string;
}

/** A 2xx body checked: the data, or the paths that failed. */
/** @internal Whether `body` carries every member `schema` (an object schema) requires: a
 * write's answer that is the record, told apart unvalidated from one that is not. */
export function hasRequiredMembers(schema: z.ZodType, body: unknown): boolean {
  if (!isRecord(body)) return false;
  const shape: Record<string, z.ZodType> = (schema as Partial<z.ZodObject>).shape ?? {};
  return Object.entries(shape).every(
    ([key, member]) => Object.hasOwn(body, key) || member.safeParse(undefined).success,
  );
}

export type Checked<T> = { ok: true; data: T } | { ok: false; paths: string[] };

type Path = readonly PropertyKey[];
type Where = { method: string; path: string };

// The spec's enum values are lower snake case; anything else there may be health data.
const ENUM_VALUE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_REPORTED_DRIFTS = 256;
const MAX_FIELD_LENGTH = 128;

/** @internal A client's reading of 2xx bodies: its mode and its memory of what it reported. */
export class ResponseReader {
  readonly mode: ResponseValidation;
  #seen = new Set<string>();
  readonly #logger: Logger;
  readonly #onDrift: ((drift: ResponseDrift) => void) | undefined;
  readonly #count: ((drift: ResponseDrift) => void) | undefined;

  /** `count` (the drift metric) sees each report before `onDrift`, the caller's. */
  constructor(
    validate: unknown,
    logger: Logger,
    onDrift: unknown,
    count?: (drift: ResponseDrift) => void,
  ) {
    if (validate === undefined || validate === true) this.mode = validate ? 'strict' : 'compatible';
    else if (validate === false || validate === 'strict' || validate === 'compatible') {
      this.mode = validate;
    } else {
      throw new ConfigurationError(
        `validateResponses must be 'compatible' (the default), 'strict' (or true) or false; ` +
          `got ${typeof validate === 'string' ? `"${quoteServerText(validate, 40)}"` : typeof validate}.`,
      );
    }
    if (onDrift !== undefined && typeof onDrift !== 'function') {
      throw new ConfigurationError('onDrift must be a function taking a ResponseDrift.');
    }
    this.#logger = logger;
    this.#onDrift = onDrift as ((drift: ResponseDrift) => void) | undefined;
    this.#count = count;
  }

  /** Shares `parent`'s memory: a derived client does not report again. */
  share(parent: ResponseReader): void {
    this.#seen = parent.#seen;
  }

  check<T>(
    schema: z.ZodType<T>,
    body: unknown,
    where: { method: string; path: string },
    trace?: LogTrace,
  ): Checked<T> {
    let result = schema.safeParse(body);
    if (!result.success) {
      const opened: Array<{ path: Path; value: string; known: unknown }> = [];
      const broken: string[] = [];
      for (const issue of result.error.issues) {
        const value = issue.code === 'invalid_value' ? valueAt(body, issue.path) : undefined;
        if (this.mode === 'compatible' && typeof value === 'string' && ENUM_VALUE.test(value)) {
          opened.push({
            path: issue.path,
            value,
            known: (issue as { values: unknown[] }).values[0],
          });
        } else broken.push(issue.path.join('.') || '(root)');
      }
      if (broken.length > 0) return { ok: false, paths: [...new Set(broken)] };
      // A known value stands in for each unknown one, then is swapped back: one schema. Only
      // the containers along each path are copied (a whole copy may exhaust the stack).
      let patched = body;
      for (const { path, known } of opened) patched = withValueAt(patched, path, known);
      result = schema.safeParse(patched);
      if (!result.success) return { ok: false, paths: ['(root)'] };
      for (const { path, value } of opened) {
        setAt(result.data, path, value);
        this.#drift('enum_value', where, path, value, trace);
      }
    }
    const dropped = droppedMembers(body, result.data, [], undefined);
    if (dropped) for (const path of dropped) this.#drift('member', where, path, undefined, trace);
    return { ok: true, data: result.data };
  }

  #drift(
    kind: ResponseDrift['kind'],
    where: Where,
    path: Path,
    value: string | undefined,
    trace: LogTrace | undefined,
  ): void {
    const drift = {
      kind,
      method: where.method,
      path: where.path,
      field: fieldOf(path),
      ...(value ? { value } : {}),
    };
    this.#report(drift, trace);
  }

  #report(drift: ResponseDrift, trace?: LogTrace): void {
    const key = `${drift.kind} ${drift.path} ${drift.field} ${drift.value ?? ''}`;
    if (this.#seen.has(key) || this.#seen.size >= MAX_REPORTED_DRIFTS) return;
    this.#seen.add(key);
    const what =
      drift.kind === 'enum_value'
        ? `the value "${drift.value}" of ${drift.field}, which the spec does not list; passed on as sent`
        : `the member ${drift.field}, which the spec does not list; dropped`;
    this.#logger.warn(
      `clinic-scheduling: ${drift.method} ${drift.path} answered ${what}. Reported once; the ` +
        'service may have moved past this SDK version.',
      { event: 'clinic.response_drift', ...drift, ...trace },
    );
    this.#count?.(drift);
    try {
      this.#onDrift?.(drift);
    } catch {
      // A reporting hook must not fail a call whose answer was good.
    }
  }
}

/** The dotted path of a member within one object: indices left out, bounded, escaped. */
function fieldOf(path: Path): string {
  const names = path.filter((segment) => typeof segment === 'string');
  return quoteServerText(names.join('.'), MAX_FIELD_LENGTH);
}

function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** `root` with `value` at `path`: the containers along it copied, the rest shared. */
function withValueAt(root: unknown, path: Path, value: unknown, at = 0): unknown {
  if (at === path.length) return value;
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<
    PropertyKey,
    unknown
  >;
  copy[path[at]!] = withValueAt(copy[path[at]!], path, value, at + 1);
  return copy;
}

function setAt(root: unknown, path: Path, value: unknown): void {
  const parent = valueAt(root, path.slice(0, -1)) as Record<PropertyKey, unknown>;
  parent[path[path.length - 1]!] = value;
}

/**
 * The members of `input` that parsing dropped (the schemas strip what they do not list): input
 * minus `output`, in input order; `undefined` for none. Allocates only for what it finds.
 */
function droppedMembers(
  input: unknown,
  output: unknown,
  path: PropertyKey[],
  found: Path[] | undefined,
): Path[] | undefined {
  if (Array.isArray(input) && Array.isArray(output)) {
    for (let i = 0; i < input.length; i++) found = droppedMembers(input[i], output[i], path, found);
  } else if (isRecord(input) && isRecord(output)) {
    for (const name in input) {
      if (!Object.hasOwn(input, name)) continue;
      if (!Object.hasOwn(output, name)) found = withPath(found, path, name);
      else {
        const value = input[name];
        if (typeof value !== 'object' || value === null) continue;
        path.push(name);
        found = droppedMembers(value, output[name], path, found);
        path.pop();
      }
    }
  }
  return found;
}

function withPath(found: Path[] | undefined, path: PropertyKey[], name: string): Path[] {
  const list = found ?? [];
  list.push([...path, name]);
  return list;
}
