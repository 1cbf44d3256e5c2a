/**
 * The service and the collector of an in-company run: the reference server's command line in a
 * child process (the clinic service, with its request log), an OTLP/HTTP collector here that
 * keeps what the exporters post (JSON), and examples/opentelemetry-otlp.ts run against both as
 * an SRE runs it. Its result is a {@link Seen} for `assertInCompany`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runExample } from '../examples/run.ts';
import { callCli, killCli, type RunningCli, startCli } from '../testing/cli-helpers.ts';
import type { Seen, SeenLine, SeenPoint, SeenSpan } from './assertions.ts';

/** The patient data examples/opentelemetry-otlp.ts sends (its CPF is `generateCpf(37)`). */
export const EXAMPLE_PATIENT = [
  'Marina Costa',
  'Marina C. Costa',
  '11912345678',
  'marina.costa@example.com',
];

/** The reference server's command line with the demo clinic, and the faults the example meets. */
export async function startService(): Promise<RunningCli> {
  const cli = await startCli('--port', '0', '--seed', 'demo');
  const fault = (path: string, times: number) =>
    callCli(cli, 'POST', '/__control/faults', {
      auth: cli.adminToken,
      json: { path, status: 503, headers: { 'retry-after': '0' }, times },
    });
  await fault('/api/public/v1/professionals', 1);
  await fault('/api/public/v1/rooms', 3);
  return cli;
}

/** Each API request the service received: path with its query, headers. */
export async function receivedBy(cli: RunningCli): Promise<Seen['requests']> {
  const { body } = await callCli(cli, 'GET', '/__control/requests', { auth: cli.adminToken });
  const requests = body.requests as {
    method: string;
    path: string;
    query: Record<string, string>;
    headers: Record<string, string>;
  }[];
  return requests
    .filter((r) => r.path.startsWith('/api/public/v1/'))
    .map((r) => {
      const query = new URLSearchParams(r.query).toString();
      return { method: r.method, path: query ? `${r.path}?${query}` : r.path, headers: r.headers };
    });
}

export { killCli };

interface KeyValue {
  key: string;
  value: Record<string, unknown>;
}

/** An OTLP/JSON attribute value as a plain value. */
function plain(value: Record<string, unknown>): unknown {
  if ('stringValue' in value) return value.stringValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('boolValue' in value) return value.boolValue;
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: Record<string, unknown>[] }).values ?? [];
    return values.map(plain);
  }
  return JSON.stringify(value);
}
const attributes = (list: KeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));

const KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'] as const;
const STATUSES = ['UNSET', 'OK', 'ERROR'] as const;

/** An OTLP/HTTP collector on loopback: what the exporters post, decoded from JSON. */
export async function startCollector() {
  const posts: { path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      posts.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // biome-ignore lint/suspicious/noExplicitAny: OTLP JSON, read freely
  const of = (path: string): any[] =>
    posts.filter((p) => p.path === path).map((p) => JSON.parse(p.body));
  return {
    endpoint,
    posts,
    /** The spans, points and other records posted so far. */
    seen(): Pick<Seen, 'spans' | 'points' | 'other'> {
      const spans: SeenSpan[] = [];
      const points: SeenPoint[] = [];
      const other: string[] = [];
      for (const post of of('/v1/traces')) {
        for (const r of post.resourceSpans ?? []) {
          other.push(JSON.stringify(r.resource ?? {}));
          for (const s of r.scopeSpans ?? []) {
            for (const span of s.spans ?? []) {
              spans.push({
                scope: s.scope?.name ?? '',
                name: span.name,
                kind: KINDS[span.kind] as SeenSpan['kind'],
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                status: STATUSES[span.status?.code ?? 0] as SeenSpan['status'],
                attributes: attributes(span.attributes),
              });
              other.push(JSON.stringify(span.events ?? []));
            }
          }
        }
      }
      for (const post of of('/v1/metrics')) {
        for (const r of post.resourceMetrics ?? []) {
          for (const s of r.scopeMetrics ?? []) {
            for (const m of s.metrics ?? []) {
              const data = m.histogram ?? m.sum ?? m.gauge ?? m.exponentialHistogram ?? {};
              for (const p of data.dataPoints ?? []) {
                points.push({
                  scope: s.scope?.name ?? '',
                  metric: m.name,
                  attributes: attributes(p.attributes),
                  count: Number(p.count ?? p.asInt ?? p.asDouble ?? 0),
                });
              }
            }
          }
        }
      }
      for (const post of of('/v1/logs')) other.push(JSON.stringify(post));
      return { spans, points, other };
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const LEVELS: Record<number, SeenLine['level']> = {
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
};

/** The SDK's lines among pino's JSON lines. */
export function sdkLines(stdout: string): SeenLine[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string } & Record<string, unknown>)
    .filter((line) => line.msg.startsWith('clinic-scheduling:'))
    .map(({ level, msg, ...fields }) => ({ level: LEVELS[level]!, msg, fields }));
}

/**
 * Runs examples/opentelemetry-otlp.ts (or `file` in `cwd`, a scratch project) against a fresh
 * service and collector: what it left.
 */
export async function runExampleInCompany(file = 'opentelemetry-otlp.ts', cwd?: string) {
  const service = await startService();
  const collector = await startCollector();
  try {
    const run = await runExample(file, {
      ...(cwd && { cwd }),
      timeoutMs: 60_000,
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        CLINIC_BASE_URL: service.baseUrl,
        CLINIC_API_KEY: service.apiKey,
      },
    });
    const seen: Seen = {
      ...collector.seen(),
      requests: await receivedBy(service),
      lines: sdkLines(run.stdout),
    };
    return { run, seen, apiKey: service.apiKey, posts: collector.posts };
  } finally {
    killCli(service);
    await collector.close();
  }
}
