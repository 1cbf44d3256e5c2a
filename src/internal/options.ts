/** Checks of the client's options: their limits, API key, base URL, browser guard. @module */
import { ConfigurationError } from '../core/errors/index.ts';
import { API_PREFIX } from './wire.ts';

/** The largest `timeout` (ms) accepted, client-wide or per request: what `setTimeout` can wait. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
/** The largest `maxRetries` accepted, client-wide or per request. */
export const MAX_RETRIES_LIMIT = 10;
/** The default `maxResponseBytes`: 10 MiB, ten times the spec's largest page, still bounded. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** The largest `maxResponseBytes` accepted (256 MiB): below what one JavaScript string can hold. */
export const MAX_RESPONSE_BYTES = 256 * 1024 * 1024;

const KEY_FORMAT = '<key_prefix>_live_<key_id>.<secret>';
const KEY_PATTERN = /^[A-Za-z0-9][\w-]*_live_[\w-]+\.[\w\-+/=]+$/;

/** Whether the code runs in a browser page (a window with a document). */
export function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}

/** Checks the API key's form (spec 5); the `ConfigurationError` never repeats the key. */
export function checkApiKey(key: unknown): string {
  if (key === undefined || key === null || key === '') {
    throw new ConfigurationError(
      'Missing API key: pass apiKey to ClinicClient or set the CLINIC_API_KEY environment ' +
        `variable. Keys look like ${KEY_FORMAT}.`,
    );
  }
  if (typeof key !== 'string') throw new ConfigurationError('apiKey must be a string.');
  if (/^\s*bearer\b/i.test(key)) {
    throw new ConfigurationError(
      'The API key starts with "Bearer ": pass the key alone; the client sends the ' +
        'Authorization header itself.',
    );
  }
  if (/\s/.test(key)) {
    throw new ConfigurationError(
      'The API key contains white space (a space or line break picked up when it was ' +
        'copied?): remove it.',
    );
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ConfigurationError(
      `The API key is malformed: expected ${KEY_FORMAT}. Copy the whole key from the ` +
        "clinic's settings (menu: clinic, then API and webhooks).",
    );
  }
  return key;
}

/**
 * Checks `baseUrl` and normalises it to the host root (no trailing slash, no `/api/public/v1`);
 * `http://` beyond loopback needs `allowHttp`. The error never repeats the key.
 */
export function checkBaseUrl(value: unknown, apiKey: string, allowHttp = false): string {
  if (value === undefined || value === null || value === '') {
    throw new ConfigurationError(
      'Missing baseUrl: pass baseUrl (the service host root, such as ' +
        'https://clinic.example.com) or set the CLINIC_BASE_URL environment variable.',
    );
  }
  if (typeof value !== 'string') throw new ConfigurationError('baseUrl must be a string.');
  // The message repeats the value: a key pasted here by mistake must not be, in any case.
  const lower = value.toLowerCase();
  const secret = apiKey.slice(apiKey.indexOf('.') + 1).toLowerCase();
  if (lower.includes('_live_') || (secret !== '' && lower.includes(secret))) {
    throw new ConfigurationError(
      'baseUrl looks like an API key (were apiKey and baseUrl, or CLINIC_API_KEY and ' +
        'CLINIC_BASE_URL, swapped?); pass the service host root, such as https://clinic.example.com.',
    );
  }
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigurationError(
      `baseUrl "${value}" is not an absolute URL; pass the service host root, such as https://clinic.example.com.`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(`baseUrl must be an http(s) URL; got ${url.protocol}.`);
  }
  if (url.protocol === 'http:' && !allowHttp && !isLoopback(url.hostname)) {
    throw new ConfigurationError(
      `baseUrl ${url.origin} is plain http: the API key and the clinic's health data would ` +
        'cross the network unencrypted. Use https://. http:// is accepted without asking only ' +
        'for this machine (localhost, 127.0.0.0/8, [::1], 0.0.0.0); for a test server on a ' +
        'network you trust, pass dangerouslyAllowHttp: true.',
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigurationError(
      'baseUrl must be the service host root, without credentials, query or fragment.',
    );
  }
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) path = path.slice(0, -API_PREFIX.length);
  return `${url.origin}${path}`;
}

/**
 * Whether a URL's host is this machine: `localhost`, 127.0.0.0/8, `[::1]`, `0.0.0.0`, `[::]`. Not
 * `*.localhost`: Node.js asks the system resolver, which may send it to the network.
 */
export function isLoopback(hostname: string): boolean {
  return (
    /^(localhost|\[::1?\]|0\.0\.0\.0)$/.test(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}
