/** The probe's report: one finding per item (and subject), the settings document that makes the
 * reference server answer as the service did, and a text form. No record data, no service text. @module */
import { envelopeSettings } from '../server/lists.ts';
import { ERROR_CODE } from '../server/setting-definition.ts';
import type { ServerSettings } from '../server/settings-document.ts';
import { defaultSettings } from '../server/store.ts';
import { PROBE_CATALOGUE, type ProbeItemId } from './catalogue.ts';

/**
 * How sure the probe is: `certain` (seen directly), `likely` (inferred from a clear sign),
 * `unclear` (the answers did not settle it), `unobservable` (the API, this key or this clinic's
 * data cannot show it), `not-run` (needs `--allow-writes`, or the run stopped first).
 */
export type Confidence = 'certain' | 'likely' | 'unclear' | 'unobservable' | 'not-run';

/** One thing the probe learnt (or could not). */
export interface Finding {
  /** The catalogue item. */
  readonly item: ProbeItemId;
  /** What within the item: a list, an operation, a status. */
  readonly subject?: string | undefined;
  /** The spec's section. */
  readonly spec: string;
  /** The spec's words. */
  readonly words: string;
  /** What the service did, in the probe's words (statuses, codes, shapes; never its texts). */
  readonly observed: string;
  /** The reference server's reading. */
  readonly reference: string;
  /** The member of the settings document this finding sets, and its value. */
  readonly setting?: SettingValue | undefined;
  /** How sure the probe is. */
  readonly confidence: Confidence;
}

/** A member of the settings document and its value. */
export interface SettingValue {
  /** Its path in the document, such as `clinic.nullRoom`. */
  readonly name: string;
  /** Its value. */
  readonly value: unknown;
}

/**
 * The part of the reference server's settings document that stands for the service's behaviour
 * (the list envelopes, the request id header and the clinic settings): a document
 * `clinic-scheduling-mock --settings` and `createReferenceServer({ settings })` take as it is.
 * The rest (logs, origins, links) is the mock's own and keeps its values.
 */
export type ProbeSettingsDocument = Pick<
  ServerSettings,
  'listEnvelope' | 'requestIdHeader' | 'clinic'
>;

/** What a run returns. */
export interface ProbeReport {
  /** What wrote it. */
  readonly tool: 'clinic-scheduling-probe';
  /** The day it ran (YYYY-MM-DD). */
  readonly date: string;
  /** Whether the write probes ran. */
  readonly writes: boolean;
  /** Requests sent, clean-up included. */
  readonly requests: number;
  /** The run's length. */
  readonly durationMs: number;
  /** Why the run ended early, if it did (the probe's own words). */
  readonly stopped?: string | undefined;
  /** In the order the probes ran. */
  readonly findings: readonly Finding[];
  /** Counts only: the records themselves are listed on the terminal, never in the report. */
  readonly created?: CreatedCounts | undefined;
  /** The reference server's settings that answer as this service did. */
  readonly settings: ProbeSettingsDocument;
}

/** How many records a run with writes created. */
export interface CreatedCounts {
  /** Patients (the API cannot delete them). */
  patients: number;
  /** Appointments booked. */
  appointments: number;
  /** Of those, how many ended cancelled. */
  cancelled: number;
}

/** Collects findings in order. */
export class Findings {
  readonly list: Finding[] = [];

  add(
    item: ProbeItemId,
    observed: string,
    confidence: Confidence,
    extra: { subject?: string; setting?: SettingValue } = {},
  ): void {
    const entry = PROBE_CATALOGUE[item];
    this.list.push({
      item,
      subject: extra.subject,
      spec: entry.spec,
      words: entry.words,
      observed,
      reference: entry.reference,
      setting: extra.setting,
      confidence,
    });
  }

  has(item: ProbeItemId): boolean {
    return this.list.some((f) => f.item === item);
  }
}

/** Findings that can set the document. */
const SETTLED: readonly Confidence[] = ['certain', 'likely'];

/** The conservative defaults, overridden by every settled finding with a setting. */
export function settingsDocument(findings: readonly Finding[]): ProbeSettingsDocument {
  const doc: ProbeSettingsDocument = {
    listEnvelope: envelopeSettings(),
    requestIdHeader: null,
    clinic: { ...defaultSettings() },
  };
  for (const finding of findings) {
    if (!finding.setting || !SETTLED.includes(finding.confidence)) continue;
    const path = finding.setting.name.split('.');
    let at = doc as unknown as Record<string, unknown>;
    for (const step of path.slice(0, -1)) {
      at[step] = { ...(at[step] as object) };
      at = at[step] as Record<string, unknown>;
    }
    at[path.at(-1)!] = finding.setting.value;
  }
  return doc;
}

const MARK: Record<Confidence, string> = {
  certain: 'certain',
  likely: 'likely',
  unclear: 'UNCLEAR',
  unobservable: 'unobservable',
  'not-run': 'not run',
};

/** The report as text lines, one block per finding, then the settings document. */
export function formatReport(report: ProbeReport): string {
  const lines = [
    `clinic-scheduling-probe report, ${report.date}: ${report.requests} requests in ` +
      `${(report.durationMs / 1000).toFixed(1)} s, ${report.writes ? 'with writes' : 'read-only'}`,
  ];
  if (report.stopped) lines.push(`STOPPED: ${report.stopped}`);
  for (const f of report.findings) {
    lines.push(
      '',
      `[${MARK[f.confidence]}] ${f.item}${f.subject ? ` (${f.subject})` : ''}, spec ${f.spec}`,
      `  spec:      ${f.words}`,
      `  service:   ${f.observed}`,
      `  reference: ${f.reference}`,
    );
    if (f.setting) {
      const applied = SETTLED.includes(f.confidence) ? '' : ' (not applied: not settled)';
      lines.push(`  setting:   ${f.setting.name} = ${JSON.stringify(f.setting.value)}${applied}`);
    }
  }
  if (report.created) {
    const c = report.created;
    lines.push(
      '',
      `Created: ${c.patients} patient(s), ${c.appointments} appointment(s), ${c.cancelled} of them cancelled.`,
    );
  }
  lines.push('', 'Reference server settings:', JSON.stringify(report.settings, null, 2));
  return lines.join('\n');
}

/** A code worth recording: a short identifier (a message could quote record data). */
export function codeOf(body: unknown): string | undefined {
  const code = (body as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined;
}

/** `409 slot_blocked`, `400`, `201`...: a status and, when an identifier, its code. */
export function answerOf(status: number, body: unknown): string {
  const code = codeOf(body);
  return code ? `${status} ${code}` : String(status);
}

/** The body's kind, never its content. */
export function bodyKind(body: unknown, hadBody: boolean, id?: string): string {
  if (!hadBody) return 'no body';
  if (body === undefined) return 'a body that is not JSON';
  if (Array.isArray(body)) return 'a JSON array';
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (id !== undefined && record.id === id && 'status' in record) return 'the appointment object';
    const names = Object.keys(record).filter((k) => /^[a-z_][a-z0-9_]{0,40}$/i.test(k));
    return `a JSON object with members ${names.slice(0, 8).sort().join(', ') || '(none)'}`;
  }
  return 'a JSON value that is not an object';
}
