/**
 * `@clinic-scheduling/sdk/testing/console`: the reference server's console, a page at
 * `/__control/ui/` that reads the control API with the admin token. Node.js only (it reads its
 * files from the package); nothing else in the package imports it. @module
 */
import { readdir, readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { WEBHOOK_DELIVERY } from '../../webhooks/delivery-schedule.ts';
import { CONTROL_PREFIX } from '../cli/prefix.ts';
import type { ReferenceServe, SocketFacts } from '../server/fetch.ts';

/** Where the console answers: `/__control/ui` (redirected to `/__control/ui/`) and below. */
export const CONSOLE_PATH = `${CONTROL_PREFIX}/ui`;

/** What `createConsoleHandler` takes. */
export interface ConsoleOptions {
  /** The reference server (or anything with its `serve`). */
  readonly api: {
    /** Where every request outside `/__control` goes, with its socket's facts. */
    readonly serve: ReferenceServe;
  };
  /**
   * The control API the page reads (`createControlHandler`'s handler): every request under
   * `/__control` that is not the console's goes to it. Its Host check guards the console too.
   */
  readonly control: (request: Request) => Promise<Response>;
}

// No inline script or style, nothing from elsewhere: the page runs only its own files.
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

// The headers of every console answer.
const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

// In src/ the files sit beside this module; the build copies them beside its output
// (dist/testing/ui/). The CommonJS build has no import.meta, but __filename.
const UI_DIR = new URL(
  './ui/',
  typeof __filename === 'string' ? pathToFileURL(__filename).href : import.meta.url,
);

type Files = Map<string, { type: string; body: string }>;
let files: Promise<Files> | undefined;

async function loadFiles(): Promise<Files> {
  const names = (await readdir(UI_DIR)).filter((n) => /^[a-z][a-z-]*\.(html|js|css|svg)$/.test(n));
  const loaded: Files = new Map();
  for (const name of names) {
    let body = await readFile(new URL(name, UI_DIR), 'utf8');
    // The page learns the schedule from the one place it is written (spec 6.3).
    if (name === 'index.html') {
      body = body
        .replace('%RETRY_DELAYS_MS%', WEBHOOK_DELIVERY.retryDelaysMs.join(','))
        .replace('%DISABLE_AFTER%', String(WEBHOOK_DELIVERY.disableAfterConsecutiveFailures));
    }
    loaded.set(name, { type: TYPES[name.split('.').pop()!]!, body });
  }
  return loaded;
}

const answer = (status: number, body: string | null, headers: Record<string, string>) =>
  new Response(body, { status, headers: { ...CONSOLE_HEADERS, ...headers } });

/**
 * One handler for the whole server, shaped like `api.serve`: the console's page and files under
 * `/__control/ui`, the rest of `/__control` to `control`, everything else to `api.serve`. The
 * page needs no token to load and holds no data; it asks for the admin token and sends it as
 * `Authorization: Bearer <token>` on each control request.
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import {
 *   createControlHandler, createReferenceServer, referenceServerListener,
 * } from '@clinic-scheduling/sdk/testing';
 * import { createConsoleHandler } from '@clinic-scheduling/sdk/testing/console';
 *
 * const api = createReferenceServer({ baseUrl: 'http://127.0.0.1:4010' });
 * const control = createControlHandler({ api, token: process.env.CLINIC_ADMIN_TOKEN! });
 * createServer(referenceServerListener(createConsoleHandler({ api, control })))
 *   .listen(4010, '127.0.0.1'); // the console: http://127.0.0.1:4010/__control/ui/
 * ```
 */
export function createConsoleHandler(
  options: ConsoleOptions,
): (request: Request, socket?: SocketFacts) => Promise<Response> {
  if (typeof options?.control !== 'function' || typeof options.api?.serve !== 'function') {
    throw new TypeError(
      'createConsoleHandler takes { api, control: createControlHandler({ api, token }) }',
    );
  }
  const { api, control } = options;
  return async (request, socket = { repeatedHeaders: [] }) => {
    const url = new URL(request.url);
    const path = url.pathname;
    if (path !== CONTROL_PREFIX && !path.startsWith(`${CONTROL_PREFIX}/`)) {
      return api.serve(request, socket);
    }
    if (path !== CONSOLE_PATH && !path.startsWith(`${CONSOLE_PATH}/`)) return control(request);
    // The control API checks the Host before the token: a tokenless probe answered 403 means
    // this Host may not reach the control API, nor its console.
    const probe = await control(new Request(new URL(`${CONTROL_PREFIX}/`, url)));
    if (probe.status === 403) return probe;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return answer(405, null, { allow: 'GET, HEAD' });
    }
    if (path === CONSOLE_PATH) return answer(308, null, { location: 'ui/' });
    const name = path.slice(CONSOLE_PATH.length + 1) || 'index.html';
    files ??= loadFiles().catch((error) => {
      files = undefined;
      throw error;
    });
    const file = (await files).get(name);
    if (!file) {
      return answer(404, 'Not found', { 'content-type': 'text/plain; charset=utf-8' });
    }
    return answer(200, request.method === 'HEAD' ? null : file.body, {
      'content-type': file.type,
    });
  };
}
