/**
 * The checks of the client's options that need more than a range: the API key, the base URL,
 * and the browser guard. Not API (see ./README.md).
 *
 * @module
 */
import { ConfigurationError } from '../core/errors.ts';
import { API_PREFIX } from './wire.ts';

const KEY_FORMAT = '<key_prefix>_live_<key_id>.<secret>';
const KEY_PATTERN = /^[A-Za-z0-9][\w-]*_live_[\w-]+\.[\w\-+/=]+$/;

/** Whether the code runs in a browser page (a window with a document). */
export function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window !== 'undefined' && typeof g.document !== 'undefined';
}

/**
 * Checks the API key's form (spec 5: `<key_prefix>_live_<key_id>.<secret>`).
 *
 * @throws {@link ConfigurationError} saying what is wrong and what to do, never repeating the key.
 */
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
 * Checks `baseUrl` and normalises it to the service host root: no trailing slash, and no
 * `/api/public/v1` (it is added to every path).
 *
 * @param allowHttp - `dangerouslyAllowHttp`: accept `http://` to a host that is not loopback.
 * @throws {@link ConfigurationError} when it is missing, not an http(s) URL, `http://` to a
 *   host that is not loopback without `allowHttp`, or carries credentials, a query or a
 *   fragment; never repeating `apiKey` or its secret, in any case.
 */
export function checkBaseUrl(value: unknown, apiKey: string, allowHttp = false): string {
  if (value === undefined || value === null || value === '') {
    throw new ConfigurationError(
      'Missing baseUrl: pass baseUrl (the service host root, such as ' +
        'https://clinic.example.com) or set the CLINIC_BASE_URL environment variable.',
    );
  }
  if (typeof value !== 'string') throw new ConfigurationError('baseUrl must be a string.');
  // The message below repeats the value; a key pasted into the wrong variable must not be,
  // whatever its letter case.
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
 * Whether a URL's host is this machine: `localhost`, 127.0.0.0/8, `[::1]`, or the unspecified
 * address (`0.0.0.0`, `[::]`, which a connection reaches this host through; the reference
 * server prints it when started with `--host 0.0.0.0`). The URL parser has already normalised
 * `127.1`, `0x7f.0.0.1` and the like. Not `*.localhost`: browsers pin it to loopback, but
 * Node.js asks the system resolver, which may send it to the network.
 */
export function isLoopback(hostname: string): boolean {
  return (
    /^(localhost|\[::1?\]|0\.0\.0\.0)$/.test(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}
