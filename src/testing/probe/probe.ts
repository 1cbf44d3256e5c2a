/** `runProbe`: asks a Clinic Scheduling service about each "not shown" of the spec and returns a
 * report (with the reference server's settings document) safe to commit. @module */
import { checkApiKey, checkBaseUrl } from '../../internal/options.ts';
import { OPERATIONS } from '../../operations.ts';
import type { Scope } from '../../schemas/scopes.ts';
import { PROBE_CATALOGUE, type ProbeItemId } from './catalogue.ts';
import {
  type ProbeContext,
  probeFilters,
  probeLists,
  probePageSize,
  probePatientFilters,
  probeUnknownId,
} from './read.ts';
import { probeInvalidCursor, reportRequestId } from './read-answers.ts';
import { Findings, type ProbeReport, settingsDocument } from './report.ts';
import { probeScopes } from './scopes.ts';
import { serviceText } from './terminal.ts';
import { type ProbeKey, ProbeStop, Transport } from './transport.ts';
import { type CreatedRecord, probeWrites, WRITE_STEPS, type WriteTarget } from './write.ts';

/** What {@link runProbe} takes. */
export interface ProbeOptions {
  /** The service's host root (the client's `baseUrl`). */
  baseUrl: string;
  /** The key to probe with. Never printed or written; every message names `keyName` instead. */
  apiKey: string;
  /** Where the key came from, for messages. Default `CLINIC_API_KEY`. */
  keyName?: string;
  /** The scopes the key holds, if the user knows them (they join the scope mapping). */
  scopes?: readonly Scope[];
  /** More keys of the same clinic with declared scopes: they map each operation's scope. */
  extraKeys?: readonly ProbeKey[];
  /** Writes, only with a target the user named and a confirmation. */
  writes?: WriteOptions;
  /** A `fetch` to use (the reference server's `api.fetch` in tests). Default: the global one. */
  fetch?: typeof globalThis.fetch;
  /** Most requests in the run, clean-up aside. Default 250. */
  maxRequests?: number;
  /** Most time for the run, clean-up aside. Default 180 000 ms. */
  maxDurationMs?: number;
  /** Per request. Default 15 000 ms. */
  timeoutMs?: number;
  /** Pause between requests. Default 100 ms. */
  minIntervalMs?: number;
  /** A longer `Retry-After` ends the run. Default 60 000 ms. */
  maxRetryAfterMs?: number;
  /** Each step as it starts (lines hold no key and no record data). */
  onProgress?: (line: string) => void;
}

/** The write target, and the user's consent. */
export interface WriteOptions extends WriteTarget {
  /** Shown the plan, answers whether to go on; not needed with `yes`. */
  confirm?: (plan: string) => boolean | Promise<boolean>;
  /** Consent given in advance (`--yes`). */
  yes?: boolean;
}

/** What {@link runProbe} returns. */
export interface ProbeResult {
  /** Safe to commit: no record data, no text the service wrote. */
  report: ProbeReport;
  /** Every record the run created, with its last known status: show it, do not commit it. */
  created: CreatedRecord[];
}

/** The fewest days ahead a write may book: the clinic's real days stay untouched. */
export const MIN_DAYS_AHEAD = 90;

/** Checks the target; a `TypeError` says what is wrong. */
export function checkWriteTarget(target: WriteTarget, today = new Date()): void {
  for (const [name, value] of [
    ['professional', target.professionalId],
    ['appointment type', target.appointmentTypeId],
    ...(target.roomId === undefined ? [] : [['room', target.roomId] as const]),
  ] as const) {
    if (!Number.isSafeInteger(value) || (value as number) <= 0) {
      throw new TypeError(`The ${name} id must be a positive whole number.`);
    }
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(target.date) || Number.isNaN(Date.parse(target.date))) {
    throw new TypeError('The date must be YYYY-MM-DD.');
  }
  const days = (Date.parse(target.date) - today.getTime()) / 86_400_000;
  if (days < MIN_DAYS_AHEAD) {
    throw new TypeError(
      `The date must be at least ${MIN_DAYS_AHEAD} days ahead, where no patient is booked yet.`,
    );
  }
  if (target.time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(target.time)) {
    throw new TypeError('The time must be HH:MM (24 h, America/Sao_Paulo).');
  }
}

/** What the writes will do, for the user to confirm. */
export function writePlan(
  target: WriteTarget,
  labels: { professional: string; type: string },
): string {
  return [
    'The probe is about to WRITE to this clinic:',
    `  professional ${target.professionalId} (${labels.professional}), appointment type ` +
      `${target.appointmentTypeId} (${labels.type}), on ${target.date} at ${target.time ?? '10:00'}` +
      (target.roomId === undefined ? '' : `, room ${target.roomId}`),
    ...WRITE_STEPS.map((s, i) => `  ${i + 1}. ${s}`),
    'Each appointment write emits a webhook event (appointment.created, .updated, .cancelled) to',
    "every endpoint the clinic registered, and holds the professional's time until it is cancelled.",
    'A patient cannot be deleted (the API has no DELETE): it stays, named "Clinic SDK probe ...".',
    'The probe touches no record it did not create, and lists each one it created at the end.',
  ].join('\n');
}

function nameOf(body: unknown): string {
  const name = (body as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? serviceText(name) : '?';
}

/** Runs the probe. Rejects with a `ProbeStop` (reason `unauthorized`) on a 401. */
export async function runProbe(options: ProbeOptions): Promise<ProbeResult> {
  const baseUrl = checkBaseUrl(options.baseUrl, options.apiKey);
  const key: ProbeKey = {
    name: options.keyName ?? 'CLINIC_API_KEY',
    apiKey: checkApiKey(options.apiKey),
    scopes: options.scopes,
  };
  const extra = (options.extraKeys ?? []).map((k) => ({ ...k, apiKey: checkApiKey(k.apiKey) }));
  const t = new Transport({
    baseUrl,
    fetch: options.fetch ?? globalThis.fetch,
    keys: [key, ...extra],
    maxRequests: options.maxRequests ?? 250,
    maxDurationMs: options.maxDurationMs ?? 180_000,
    timeoutMs: options.timeoutMs ?? 15_000,
    minIntervalMs: options.minIntervalMs ?? 100,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
  });
  const started = Date.now();
  const findings = new Findings();
  const progress = (line: string) => options.onProgress?.(t.redact(line));
  const ctx: ProbeContext = { t, key, findings, progress, lists: {} };
  const created: CreatedRecord[] = [];
  let stopped: string | undefined;
  let writing = false;
  try {
    const writes = options.writes;
    if (writes) {
      checkWriteTarget(writes);
      const professional = await t.sendRow(key, OPERATIONS.retrieveProfessional, {
        id: writes.professionalId,
      });
      const type = await t.sendRow(key, OPERATIONS.retrieveAppointmentType, {
        id: writes.appointmentTypeId,
      });
      if (professional.status !== 200 || type.status !== 200) {
        throw new TypeError(
          `The professional (${professional.status}) or appointment type (${type.status}) ` +
            'is not one this key reads: check the ids.',
        );
      }
      const plan = writePlan(writes, {
        professional: nameOf(professional.body),
        type: nameOf(type.body),
      });
      writing = writes.yes === true || (await writes.confirm?.(plan)) === true;
      if (!writing) ctx.writesStopped = 'the user did not confirm the writes';
    }
    await probeLists(ctx);
    await probePageSize(ctx);
    await probeUnknownId(ctx);
    await probeInvalidCursor(ctx);
    await probeFilters(ctx);
    await probePatientFilters(ctx);
    await probeScopes(ctx, [key, ...extra]);
    if (writing) await probeWrites(ctx, options.writes!, created);
  } catch (error) {
    if (!(error instanceof ProbeStop) || error.reason === 'unauthorized') throw error;
    stopped = error.message;
  }
  reportRequestId(ctx);
  fillGaps(ctx, { stopped, writing, asked: options.writes !== undefined });
  const rate = t.rateHeaders.size
    ? `rate-limit headers: ${[...t.rateHeaders].sort().join(', ')}`
    : 'no rate-limit header';
  // A 429 shows a limit, not its size: set clinic.rateLimit to what the service documents.
  findings.add(
    'rate-limits',
    `${rate}; ${t.rateLimited} answer(s) 429` +
      (t.rateLimited ? ': set clinic.rateLimit to the limit your service documents' : ''),
    t.rateLimited ? 'certain' : 'likely',
    t.rateLimited ? {} : { setting: { name: 'clinic.rateLimit', value: null } },
  );
  const appointments = created.filter((r) => r.kind === 'appointment');
  const report: ProbeReport = {
    tool: 'clinic-scheduling-probe',
    date: new Date(started).toISOString().slice(0, 10),
    writes: writing,
    requests: t.sent,
    durationMs: Date.now() - started,
    stopped,
    findings: findings.list,
    created: writing
      ? {
          patients: created.length - appointments.length,
          appointments: appointments.length,
          cancelled: appointments.filter((r) => r.status === 'cancelled').length,
        }
      : undefined,
    settings: settingsDocument(findings.list),
  };
  return { report, created };
}

/** One finding for every item no probe reported on, saying why. */
function fillGaps(
  ctx: ProbeContext,
  run: { stopped: string | undefined; writing: boolean; asked: boolean },
): void {
  for (const [item, entry] of Object.entries(PROBE_CATALOGUE) as [
    ProbeItemId,
    (typeof PROBE_CATALOGUE)[ProbeItemId],
  ][]) {
    if (ctx.findings.has(item) || item === 'rate-limits') continue;
    if (entry.observable === 'none') {
      ctx.findings.add(item, 'not seen: the API does not show it', 'unobservable');
    } else if (run.stopped) {
      ctx.findings.add(item, `not seen: the run stopped (${run.stopped})`, 'not-run');
    } else if (entry.observable === 'write' && (!run.writing || ctx.writesStopped)) {
      const why = run.asked ? ctx.writesStopped : 'needs --allow-writes';
      ctx.findings.add(item, `not seen: ${why}`, 'not-run');
    } else {
      ctx.findings.add(item, "not seen: this clinic's answers did not show it", 'unobservable');
    }
  }
}
