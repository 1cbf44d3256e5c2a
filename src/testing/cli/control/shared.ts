/** What every family of control routes shares: the route's shape, reading a body, the clinic of
 * a request, refusals. @module */
import * as z from 'zod';
import type { DeliveryUrlRuleOptions } from '../../delivery/types.ts';
import { ClinicId, parseInput } from '../../server/control-inputs.ts';
import type { ReferenceServer } from '../../server/create.ts';
import { readBodyBytes } from '../../server/request-body.ts';
import type { ControlOptions } from './options.ts';

/** A refusal with its status: the control API answers it as `{detail}`. */
export class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** What a route runs with. */
export interface ControlContext {
  readonly api: ReferenceServer;
  readonly options: ControlOptions;
  /** The host table as the server started with it (`POST /reset` restores it). */
  readonly initialHosts: ReadonlyMap<string, readonly string[]>;
  /** The most the settings may open webhook targets (`ControlOptions.webhookOpenings`). */
  readonly openings: Required<DeliveryUrlRuleOptions>;
}

/** A route's answer: a body (200), or `[status, body]`. */
export type RouteResult = unknown;

/** One control route: what it does (`--help`), whether `?clinic=` applies, and its work. */
export interface ControlRouteSpec {
  readonly doc: string;
  /** Takes `?clinic=` (and `clinic` in its body). */
  readonly clinic?: boolean;
  /** Answers without the admin token (`GET /ready` only). */
  readonly open?: boolean;
  readonly run: (
    ctx: ControlContext,
    request: Request,
    url: URL,
    id: string,
  ) => Promise<RouteResult> | RouteResult;
}

/** A route of `doc` running `run`. */
export const route = (
  doc: string,
  run: ControlRouteSpec['run'],
  flags: Pick<ControlRouteSpec, 'clinic' | 'open'> = {},
): ControlRouteSpec => ({ doc, run, ...flags });

/** `[201, body]`: a route's answer with status 201. */
export const created = (body: unknown) => [201, body] as const;

// A seed document is the largest control body; nothing needs more, and a cap keeps an endless
// upload from growing memory.
const CONTROL_BODY_BYTES = 16 * 2 ** 20;

/** The body as JSON; an empty body is `{}`. */
export async function readJson(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readBodyBytes(request, CONTROL_BODY_BYTES));
  } catch {
    throw new ControlError(413, `A control body is at most ${CONTROL_BODY_BYTES} bytes.`);
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ControlError(400, `Malformed JSON: ${(error as Error).message}`);
  }
}

/** The body, a JSON object checked with `schema` (a `TypeError` naming the member: 400). */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  where: string,
): Promise<z.output<S>> {
  const value = await readJson(request);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ControlError(400, `${where} must be a JSON object`);
  }
  return parseInput(schema, value, where);
}

const NoInput = z.strictObject({});

/** A route that takes no body: an empty one, or `{}`. */
export const noInput = (request: Request) => readBody(request, NoInput, 'body');

/** The `clinic` member of a per-clinic body. */
export const WithClinic = { clinic: ClinicId.optional() };

/** The clinic of a per-clinic route: the body's `clinic`, else `?clinic=`, else 1. */
export function clinicOf(url: URL, body?: { clinic?: number | undefined }): number {
  if (body?.clinic !== undefined) return body.clinic;
  const raw = url.searchParams.get('clinic');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,15}$/.test(raw)) {
    throw new ControlError(
      400,
      `?clinic=${raw}: the clinic must be a positive integer, such as ?clinic=2`,
    );
  }
  return Number(raw);
}
