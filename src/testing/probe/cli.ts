/** `clinic-scheduling-probe`: the probe from a terminal. Keys come from the environment only;
 * every line it prints or writes goes through the keys' redaction. @module */
import { parseArgs } from 'node:util';
import { Redactor } from '../../internal/redact.ts';
import { SCOPES, type Scope } from '../../schemas/scopes.ts';
import { type ProbeOptions, runProbe } from './probe.ts';
import { formatReport } from './report.ts';
import { serviceText, terminalText } from './terminal.ts';
import { type ProbeKey, ProbeStop } from './transport.ts';

/** What the command reads and writes, so tests can run it in process. */
export interface ProbeCliIo {
  argv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks the user a question, answers the line typed; absent when no one can answer. */
  ask?: ((question: string) => Promise<string>) | undefined;
  writeFile: (path: string, text: string) => Promise<void>;
  fetch?: typeof globalThis.fetch;
  /** Overrides of the run's limits (tests). */
  limits?: Pick<ProbeOptions, 'minIntervalMs' | 'maxRetryAfterMs'>;
}

export const PROBE_USAGE = `Usage: clinic-scheduling-probe [options]
       npx -p @clinic-scheduling/sdk clinic-scheduling-probe [options]

Asks a Clinic Scheduling service about each behaviour the API spec leaves "not shown" and
prints a report: per item the spec's words, what the service did, the reference server setting
that matches and how sure the probe is, then the reference server's settings document.
Read-only unless --allow-writes. The report holds no record data: commit it.

Keys come from the environment only, never from the command line:
  CLINIC_API_KEY                 the key to probe with (required)
  CLINIC_BASE_URL                the service host root, such as https://clinic.example.com

  --base-url <url>               instead of CLINIC_BASE_URL
  --key-scopes <s,...>           the scopes CLINIC_API_KEY holds, if you know them
  --scoped-key <VAR>=<s,...>     another key of the clinic, in the environment variable VAR,
                                 holding these scopes (empty for none); repeat it to map which
                                 scope each operation needs (scopes: ${SCOPES.join(', ')})
  --json                         print the report as JSON
  --out <file>                   also write the report as JSON
  --settings-out <file>          also write the reference server's settings document
  --max-requests <n>             most requests (default 250); --max-seconds <n> (default 180)

Writes (each emits webhook events to the clinic's endpoints; read the plan before agreeing):
  --allow-writes                 run the write probes, with:
  --professional <id>            a professional who sees patients
  --appointment-type <id>        an appointment type
  --date <YYYY-MM-DD>            a day at least 90 days ahead; --time <HH:MM> (default 10:00)
  --room <id>                    a room, if the clinic requires one
  --yes                          do not ask before writing

Exit status: 0 done; 1 stopped early (rate limit, budget, time, network); 2 bad usage;
3 the service refused the key (401).`;

const OPTIONS = {
  'base-url': { type: 'string' },
  'key-scopes': { type: 'string' },
  'scoped-key': { type: 'string', multiple: true },
  json: { type: 'boolean' },
  out: { type: 'string' },
  'settings-out': { type: 'string' },
  'max-requests': { type: 'string' },
  'max-seconds': { type: 'string' },
  'allow-writes': { type: 'boolean' },
  professional: { type: 'string' },
  'appointment-type': { type: 'string' },
  date: { type: 'string' },
  time: { type: 'string' },
  room: { type: 'string' },
  yes: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

function scopesOf(text: string, where: string): Scope[] {
  const scopes = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.find((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad !== undefined) {
    throw new UsageError(
      `${where}: unknown scope ${JSON.stringify(bad)}; use ${SCOPES.join(', ')}`,
    );
  }
  return scopes as Scope[];
}

function whole(text: string | undefined, where: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,12}$/.test(text) || Number(text) <= 0) {
    throw new UsageError(`${where} takes a positive whole number`);
  }
  return Number(text);
}

interface Parsed {
  options: ProbeOptions;
  json: boolean;
  out: string | undefined;
  settingsOut: string | undefined;
}

function readOptions(io: ProbeCliIo): Parsed | 'help' {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    values = parseArgs({ args: [...io.argv], options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const apiKey = io.env.CLINIC_API_KEY;
  if (!apiKey)
    throw new UsageError('Set CLINIC_API_KEY to the key to probe with (it is never printed).');
  const baseUrl = values['base-url'] ?? io.env.CLINIC_BASE_URL;
  if (!baseUrl) throw new UsageError('Give --base-url or set CLINIC_BASE_URL.');
  const extraKeys: ProbeKey[] = (values['scoped-key'] ?? []).map((entry) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(entry);
    if (!m)
      throw new UsageError(
        '--scoped-key takes VAR=scope,scope (the name of a variable, not a key)',
      );
    const key = io.env[m[1]!];
    if (!key) throw new UsageError(`--scoped-key: the environment variable ${m[1]} is not set`);
    return { name: m[1]!, apiKey: key, scopes: scopesOf(m[2]!, `--scoped-key ${m[1]}`) };
  });
  const maxSeconds = whole(values['max-seconds'], '--max-seconds');
  const options: ProbeOptions = {
    baseUrl,
    apiKey,
    extraKeys,
    ...(values['key-scopes'] === undefined
      ? {}
      : { scopes: scopesOf(values['key-scopes'], '--key-scopes') }),
    ...(io.fetch ? { fetch: io.fetch } : {}),
    ...io.limits,
    maxRequests: whole(values['max-requests'], '--max-requests') ?? 250,
    maxDurationMs: (maxSeconds ?? 180) * 1000,
  };
  const parsed = {
    options,
    json: values.json === true,
    out: values.out,
    settingsOut: values['settings-out'],
  };
  const writeFlags = ['professional', 'appointment-type', 'date', 'time', 'room', 'yes'] as const;
  if (!values['allow-writes']) {
    const stray = writeFlags.find((f) => values[f] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --allow-writes`);
    return parsed;
  }
  const professionalId = whole(values.professional, '--professional');
  const appointmentTypeId = whole(values['appointment-type'], '--appointment-type');
  if (professionalId === undefined || appointmentTypeId === undefined || !values.date) {
    throw new UsageError('--allow-writes needs --professional, --appointment-type and --date');
  }
  const ask = io.ask;
  options.writes = {
    professionalId,
    appointmentTypeId,
    date: values.date,
    time: values.time,
    roomId: whole(values.room, '--room'),
    yes: values.yes === true,
    confirm: async (plan) => {
      io.stderr(`${plan}\n`);
      if (!ask) {
        io.stderr('No terminal to confirm on: pass --yes to write. Going on read-only.\n');
        return false;
      }
      return /^y(es)?$/i.test((await ask('Write to this clinic? Type yes to go on: ')).trim());
    },
  };
  return parsed;
}

/** Runs the command; resolves to its exit status. */
export async function probeCli(io: ProbeCliIo): Promise<number> {
  const keys = Object.entries(io.env)
    .filter(([name, v]) => v && (name === 'CLINIC_API_KEY' || /_live_\w+\.\w+/.test(v)))
    .map(([, v]) => v!.trim());
  const redactors = keys.map((k) => new Redactor(k));
  // Redacted, then no control character reaches the terminal (the service's words among it).
  const clean = (text: string) => terminalText(redactors.reduce((t, r) => r.text(t), text));
  const out = (text: string) => io.stdout(clean(text));
  const err = (text: string) => io.stderr(clean(text));
  let parsed: Parsed | 'help';
  try {
    parsed = readOptions({ ...io, stderr: err });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`clinic-scheduling-probe: ${error.message}\n\n${PROBE_USAGE}\n`);
    return 2;
  }
  if (parsed === 'help') {
    out(`${PROBE_USAGE}\n`);
    return 0;
  }
  const { options } = parsed;
  options.onProgress = (line) => err(`probe: ${line}\n`);
  try {
    const { report, created } = await runProbe(options);
    const json = JSON.stringify(report, null, 2);
    out(parsed.json ? `${json}\n` : `${formatReport(report)}\n`);
    if (created.length > 0) {
      err('\nRecords the probe created (not in the report):\n');
      for (const r of created) {
        const status = r.status ? `, ${serviceText(r.status)}` : '';
        err(`  ${r.kind} ${serviceText(r.id)}: ${serviceText(r.label)}${status}\n`);
      }
      const open = created.filter((r) => r.kind === 'appointment' && r.status !== 'cancelled');
      if (open.length)
        err(`${open.length} appointment(s) NOT cancelled: cancel them in the web application.\n`);
    }
    const settings = `${JSON.stringify(report.settings, null, 2)}\n`;
    if (parsed.out) await io.writeFile(parsed.out, clean(`${json}\n`));
    if (parsed.settingsOut) await io.writeFile(parsed.settingsOut, clean(settings));
    return report.stopped ? 1 : 0;
  } catch (error) {
    if (error instanceof ProbeStop && error.reason === 'unauthorized') {
      err(`clinic-scheduling-probe: ${error.message}\n`);
      return 3;
    }
    if (error instanceof TypeError || (error as Error).name === 'ConfigurationError') {
      err(`clinic-scheduling-probe: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}
