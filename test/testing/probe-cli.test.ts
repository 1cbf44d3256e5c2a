/** `clinic-scheduling-probe` in process: keys redacted in every line and file, 401 names the key
 * to use, 429 honoured, read-only by default, writes only when confirmed, bounded runs. */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../../src/testing/index.ts';
import { type ProbeCliIo, probeCli } from '../../src/testing/probe/cli.ts';
import type { ProbeReport, ProbeSettingsDocument } from '../../src/testing/probe/report.ts';
import { BASE_URL, farDate, seededClinic } from './probe-helpers.ts';

interface Run {
  status: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

async function cli(
  argv: string[],
  env: Record<string, string>,
  io: Partial<ProbeCliIo> = {},
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const status = await probeCli({
    argv,
    env: { CLINIC_BASE_URL: BASE_URL, ...env },
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    writeFile: async (path, text) => {
      files.set(path, text);
    },
    limits: { minIntervalMs: 0 },
    ...io,
  });
  return { status, stdout, stderr, files };
}

/** Every 12-character run of the key: none may appear anywhere. */
function expectNoFragment(text: string, key: string): void {
  for (let i = 0; i + 12 <= key.length; i++) {
    expect(text.includes(key.slice(i, i + 12)), `fragment at ${i}`).toBe(false);
  }
}

function writeArgs(clinic: ReturnType<typeof seededClinic>): string[] {
  return [
    '--allow-writes',
    '--professional',
    String(clinic.professionalId),
    '--appointment-type',
    String(clinic.appointmentTypeId),
    '--date',
    farDate(),
  ];
}

describe('clinic-scheduling-probe', () => {
  it('never prints or writes a fragment of any key, even when an error quotes it', async () => {
    const clinic = seededClinic();
    const env: Record<string, string> = { CLINIC_API_KEY: clinic.apiKey };
    const scoped = clinic.scopedKeys.flatMap((k) => {
      env[k.name] = k.apiKey;
      return ['--scoped-key', `${k.name}=${k.scopes!.join(',')}`];
    });
    const run = await cli(
      [...scoped, ...writeArgs(clinic), '--yes', '--out', 'r.json', '--settings-out', 's.json'],
      env,
      { fetch: clinic.api.fetch },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/Records the probe created/);
    // A failing fetch whose message quotes the key: the STOPPED line carries it redacted.
    let calls = 0;
    const leaky: typeof fetch = async (input, init) => {
      if (++calls === 5)
        throw new TypeError(`connect failed for ${clinic.apiKey} (${clinic.apiKey.split('.')[1]})`);
      return clinic.api.fetch(input, init);
    };
    const stopped = await cli([], env, { fetch: leaky });
    expect(stopped.status).toBe(1);
    expect(stopped.stdout).toMatch(/STOPPED: .*\[redacted\]/);
    for (const text of [
      run.stdout,
      run.stderr,
      ...run.files.values(),
      stopped.stdout,
      stopped.stderr,
    ]) {
      for (const key of [clinic.apiKey, ...clinic.scopedKeys.map((k) => k.apiKey)]) {
        expectNoFragment(text, key);
      }
    }
    const report = JSON.parse(run.files.get('r.json')!) as ProbeReport;
    expect(JSON.parse(run.files.get('s.json')!)).toEqual(report.settings);
    // The report holds no record data: no seeded name, no id of what it created.
    for (const name of ['Ana Souza', 'Helena', 'Sala 1', 'Clinic SDK probe']) {
      expect(run.files.get('r.json')).not.toContain(name);
    }
    const createdIds = [...run.stderr.matchAll(/appointment ([0-9a-f-]{36})/g)].map((m) => m[1]!);
    expect(createdIds.length).toBeGreaterThanOrEqual(2);
    for (const id of createdIds) expect(run.files.get('r.json')).not.toContain(id);
  });

  it('ends on a 401 with a message naming the variable of the key to use', async () => {
    const api = createReferenceServer({ baseUrl: BASE_URL });
    const stranger = 'csk_live_AAAAbbbbCCCCdddd.EEEEffffGGGGhhhhIIIIjjjjKKKKllll';
    const run = await cli([], { CLINIC_API_KEY: stranger }, { fetch: api.fetch });
    expect(run.status).toBe(3);
    expect(run.stderr).toMatch(/401 to the key in CLINIC_API_KEY/);
    expect(run.stdout).toBe('');
    expect(api.requests).toHaveLength(1);
    expectNoFragment(run.stderr, stranger);
  });

  it('waits out a 429 with Retry-After, and stops on one it should not wait for', async () => {
    const clinic = seededClinic();
    clinic.api.faults.inject({ status: 429, headers: { 'retry-after': '0' }, times: 2 });
    const env = { CLINIC_API_KEY: clinic.apiKey };
    const waited = await cli(['--json'], env, { fetch: clinic.api.fetch });
    expect(waited.status).toBe(0);
    const report = JSON.parse(waited.stdout) as ProbeReport;
    expect(report.findings.find((f) => f.item === 'rate-limits')).toMatchObject({
      observed:
        'rate-limit headers: retry-after; 2 answer(s) 429: set clinic.rateLimit to the limit your service documents',
      confidence: 'certain',
    });

    clinic.api.faults.inject({ status: 429, headers: { 'retry-after': '3600' }, times: 1 });
    const before = clinic.api.requests.length;
    const stopped = await cli(['--json'], env, { fetch: clinic.api.fetch });
    expect(stopped.status).toBe(1);
    expect((JSON.parse(stopped.stdout) as ProbeReport).stopped).toMatch(/429.*3600 s/);
    expect(clinic.api.requests.length - before).toBe(1);
  });

  it('is read-only by default: no record, no event, every write item not run', async () => {
    const clinic = seededClinic();
    const run = await cli(
      ['--json'],
      { CLINIC_API_KEY: clinic.apiKey },
      { fetch: clinic.api.fetch },
    );
    expect(run.status).toBe(0);
    expect(clinic.api.events).toHaveLength(0);
    expect(clinic.api.requests.filter((r) => r.method !== 'GET').length).toBeGreaterThan(0);
    const patients = await clinic.api.fetch(`${BASE_URL}/api/public/v1/patients`, {
      headers: { authorization: `Bearer ${clinic.apiKey}` },
    });
    expect(((await patients.json()) as { results: unknown[] }).results).toHaveLength(3);
    const report = JSON.parse(run.stdout) as ProbeReport;
    expect(report.writes).toBe(false);
    const note = report.findings.find((f) => f.item === 'cancel-body')!;
    expect(note).toMatchObject({
      confidence: 'not-run',
      observed: 'not seen: needs --allow-writes',
    });
  });

  it('writes only when the user agrees to the plan it prints', async () => {
    const clinic = seededClinic();
    const env = { CLINIC_API_KEY: clinic.apiKey };
    const questions: string[] = [];
    const declined = await cli(writeArgs(clinic), env, {
      fetch: clinic.api.fetch,
      ask: async (q) => {
        questions.push(q);
        return 'no';
      },
    });
    expect(questions).toHaveLength(1);
    expect(declined.stderr).toMatch(/webhook event/);
    expect(declined.stderr).toMatch(/Dra\. Helena Prado/);
    expect(clinic.api.events).toHaveLength(0);
    const noTerminal = await cli(writeArgs(clinic), env, { fetch: clinic.api.fetch });
    expect(noTerminal.stderr).toMatch(/pass --yes/);
    expect(clinic.api.events).toHaveLength(0);
    const agreed = await cli(writeArgs(clinic), env, {
      fetch: clinic.api.fetch,
      ask: async () => 'yes',
    });
    expect(agreed.status).toBe(0);
    expect(clinic.api.events.map((e) => e.type)).toContain('appointment.cancelled');
  });

  it('refuses bad usage with status 2', async () => {
    const clinic = seededClinic();
    const env = { CLINIC_API_KEY: clinic.apiKey };
    const io = { fetch: clinic.api.fetch };
    expect((await cli(['--allow-writes', '--date', farDate()], env, io)).status).toBe(2);
    expect((await cli(['--professional', '1'], env, io)).status).toBe(2);
    expect((await cli([], {}, io)).status).toBe(2);
    expect((await cli(['--scoped-key', 'NOPE=appointments:read'], env, io)).status).toBe(2);
    expect((await cli(['--key-scopes', 'admin'], env, io)).status).toBe(2);
    const soon = await cli([...writeArgs(clinic).slice(0, -1), '2020-01-01', '--yes'], env, io);
    expect(soon.status).toBe(2);
    expect(soon.stderr).toMatch(/90 days ahead/);
    expect(clinic.api.requests).toHaveLength(0);
  });

  it('stops by itself at its request budget', async () => {
    const clinic = seededClinic();
    const run = await cli(
      ['--json', '--max-requests', '10'],
      { CLINIC_API_KEY: clinic.apiKey },
      {
        fetch: clinic.api.fetch,
      },
    );
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as ProbeReport;
    expect(report.stopped).toMatch(/budget of 10/);
    expect(clinic.api.requests).toHaveLength(10);
  });

  it('writes a settings document the reference server takes', async () => {
    const clinic = seededClinic();
    const run = await cli(
      ['--settings-out', 'clinic.json'],
      { CLINIC_API_KEY: clinic.apiKey },
      {
        fetch: clinic.api.fetch,
      },
    );
    const doc = JSON.parse(run.files.get('clinic.json')!) as ProbeSettingsDocument;
    const calibrated = createReferenceServer({ baseUrl: BASE_URL, settings: doc });
    expect(calibrated.settingsDocument()).toMatchObject(doc);
  });
});

describe('a hostile service cannot rewrite the terminal (issue 39 item 6)', () => {
  // Clears the line, moves up and writes over the question; a lone C1 CSI; a right-to-left
  // override; a line break forging a line of the plan.
  const HOSTILE = '\u001b[2K\r\u001b[1AWrite to this clinic? yes\u009b31m\u202edeif\nAPPROVED';

  /** The reference server, its names and statuses rewritten as a hostile service would. */
  function hostile(clinic: ReturnType<typeof seededClinic>): typeof fetch {
    return async (input, init) => {
      const answer = await clinic.api.fetch(input, init);
      const request = new Request(input, init);
      const single = /\/(professionals|appointment-types|appointments)\/[^/]+$/.test(
        new URL(request.url).pathname,
      );
      if (request.method !== 'GET' || !single || answer.status !== 200) return answer;
      const body = (await answer.json()) as Record<string, unknown>;
      if ('name' in body) body.name = HOSTILE;
      if ('status' in body) body.status = `${body.status}${HOSTILE}`;
      return Response.json(body, { status: 200, headers: answer.headers });
    };
  }

  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it looks for.
  const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

  it('escapes every control character of its words: in the plan, the list of records, the report', async () => {
    const clinic = seededClinic();
    const env = { CLINIC_API_KEY: clinic.apiKey };
    const questions: string[] = [];
    const run = await cli([...writeArgs(clinic), '--yes'], env, { fetch: hostile(clinic) });
    const asked = await cli(writeArgs(clinic), env, {
      fetch: hostile(clinic),
      ask: async (question) => {
        questions.push(question);
        return 'no';
      },
    });
    expect(run.status).toBe(0);
    expect(asked.status).toBe(0);
    for (const text of [run.stdout, run.stderr, asked.stdout, asked.stderr, ...questions]) {
      expect(text).not.toMatch(controls);
    }
    // The plan names the professional on its one line, the hostile text shown escaped.
    const plan = asked.stderr.split('\n').filter((l) => l.startsWith('  professional '));
    expect(plan).toHaveLength(1);
    expect(plan[0]).toContain('\\u001b[2K\\u000d\\u001b[1AWrite to this clinic? yes\\u009b31m');
    expect(asked.stderr).not.toMatch(/^APPROVED/m);
    // Each record the run created is one line, its status escaped.
    const listed = run.stderr.split('Records the probe created')[1]!.split('\n');
    expect(listed.some((l) => /^ {2}appointment .*cancelled\\u001b\[2K/.test(l))).toBe(true);
    expect(listed.filter((l) => l.startsWith('APPROVED'))).toEqual([]);
  });
});

describe('the clinic-scheduling-probe command (src/testing/probe/bin.ts) as a process', () => {
  const bin = fileURLToPath(new URL('../../src/testing/probe/bin.ts', import.meta.url));
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [bin, ...args], { env: {} }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('prints its help on stdout and exits 0; a bad option is exit status 2 on stderr', async () => {
    const [help, bad] = await Promise.all([run(['--help']), run(['--no-such-option'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--allow-writes');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('--no-such-option');
  });
});
