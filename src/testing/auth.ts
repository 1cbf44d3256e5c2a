/**
 * API keys and scopes (spec section 5): issuing keys of the form
 * `<key_prefix>_live_<key_id>.<secret>`, authenticating a request (401), checking its scope
 * (403), and masking the secret wherever a request is recorded.
 *
 * @module
 */

import { SCOPES, type Scope } from '../schemas/scopes.ts';
import { forbidden, unauthorized } from './responses.ts';
import type { ApiKeyRecord, Store } from './store.ts';

/** Scope presets of spec 5: Read only holds the two read scopes, Full access all four. */
export const SCOPE_PRESETS = {
  /** The preset Read only of spec 5: `appointments:read` and `patients:read`. */
  read_only: ['appointments:read', 'patients:read'],
  /**
   * The preset Full access of spec 5: all four scopes. A key issued with neither `scopes` nor
   * `preset` holds these.
   */
  full_access: ['appointments:read', 'appointments:write', 'patients:read', 'patients:write'],
} as const satisfies Record<string, readonly Scope[]>;

/** A scope preset: `read_only` or `full_access`. */
export type ScopePreset = keyof typeof SCOPE_PRESETS;

/** What `api.issueApiKey` takes. Without `scopes` or `preset` the key has full access. */
export interface IssueApiKeyOptions {
  /** The scopes the key holds, any subset of the four (an empty list is allowed). */
  scopes?: readonly Scope[];
  /** A preset of spec 5 instead of a list. */
  preset?: ScopePreset;
  /** The `<key_prefix>` part of the key. Default `csk`. */
  prefix?: string;
}

const KEY_PATTERN = /^([A-Za-z0-9]+)_live_([A-Za-z0-9]+)\.([A-Za-z0-9]+)$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of `length` letters and digits, from the platform's CSPRNG. */
function randomToken(length: number): string {
  const out: string[] = [];
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 * 62: keeps the distribution uniform.
      if (byte < 248 && out.length < length) out.push(ALPHABET[byte % 62]!);
    }
  }
  return out.join('');
}

/** The parts of a key in the spec's format, or `undefined`. */
export function parseApiKey(
  key: string,
): { prefix: string; keyId: string; secret: string } | undefined {
  const m = KEY_PATTERN.exec(key);
  return m ? { prefix: m[1]!, keyId: m[2]!, secret: m[3]! } : undefined;
}

/** Compares two strings in time that depends only on their lengths. */
function safeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/**
 * Issues a key for clinic `companyId` and stores it.
 *
 * @throws TypeError when both `scopes` and `preset` are given, a scope or preset is unknown,
 *   or the prefix is not letters and digits.
 */
export function issueApiKey(
  store: Store,
  companyId: number,
  options: IssueApiKeyOptions = {},
): string {
  const { scopes, preset, prefix = 'csk' } = options;
  if (scopes !== undefined && preset !== undefined) {
    throw new TypeError('issueApiKey: give either scopes or preset, not both');
  }
  let chosen: readonly Scope[];
  if (preset !== undefined) {
    if (!Object.hasOwn(SCOPE_PRESETS, preset)) {
      throw new TypeError(
        `issueApiKey: unknown preset ${JSON.stringify(preset)}; use 'read_only' or 'full_access'`,
      );
    }
    chosen = SCOPE_PRESETS[preset];
  } else if (scopes !== undefined) {
    if (!Array.isArray(scopes)) throw new TypeError('issueApiKey: scopes must be an array');
    for (const scope of scopes) {
      if (!(SCOPES as readonly string[]).includes(scope)) {
        throw new TypeError(
          `issueApiKey: unknown scope ${JSON.stringify(scope)}; the scopes are ${SCOPES.join(', ')}`,
        );
      }
    }
    chosen = scopes;
  } else {
    chosen = SCOPE_PRESETS.full_access;
  }
  if (!/^[A-Za-z0-9]+$/.test(prefix)) {
    throw new TypeError('issueApiKey: prefix must be letters and digits only');
  }
  let keyId = randomToken(16);
  while (store.keys.has(keyId)) keyId = randomToken(16);
  const record: ApiKeyRecord = {
    key_id: keyId,
    prefix,
    secret: randomToken(32),
    company_id: companyId,
    scopes: new Set(chosen),
  };
  store.keys.set(keyId, record);
  return `${prefix}_live_${keyId}.${record.secret}`;
}

/** Forgets a key: requests with it answer 401 from then on. Returns whether it was known. */
export function revokeApiKey(store: Store, key: string): boolean {
  const parts = parseApiKey(key);
  const record = parts && store.keys.get(parts.keyId);
  if (!parts || !record || !safeEqual(record.secret, parts.secret)) return false;
  return store.keys.delete(parts.keyId);
}

/**
 * Spec 5 rules 1–2: the request carries `Authorization: Bearer <API_KEY>` with a known key.
 *
 * @throws ApiProblem 401 `{detail}` when the header is missing, malformed or the key unknown.
 */
export function authenticate(store: Store, authorization: string | null): ApiKeyRecord {
  if (authorization === null || authorization.trim() === '') {
    throw unauthorized(
      'Authentication credentials were not provided: send the header Authorization: Bearer <API_KEY>.',
    );
  }
  const m = /^Bearer +(\S+)$/i.exec(authorization.trim());
  const parts = m ? parseApiKey(m[1]!) : undefined;
  const record = parts && store.keys.get(parts.keyId);
  if (
    !parts ||
    !record ||
    record.prefix !== parts.prefix ||
    !safeEqual(record.secret, parts.secret)
  ) {
    throw unauthorized(
      'Invalid API key: send Authorization: Bearer <key_prefix>_live_<key_id>.<secret> with a key issued for this server.',
    );
  }
  return record;
}

/**
 * Spec 5 rule 4 and the reference server's assumption for the rest: the key holds `scope`.
 *
 * @throws ApiProblem 403 `{detail}` naming the missing scope.
 */
export function requireScope(key: ApiKeyRecord, scope: Scope, operation: string): void {
  if (key.scopes.has(scope)) return;
  throw forbidden(
    `This API key lacks the scope ${scope}, which ${operation} requires. ` +
      `Use a key with the Full access preset or one that holds ${scope}.`,
  );
}

/**
 * The `Authorization` header as recorded in `api.requests`: the secret replaced by `****`
 * (`Bearer csk_live_<key_id>.****`); a value not in the key format is masked whole.
 */
export function maskAuthorization(value: string): string {
  const m = /^(Bearer +)(\S+)$/i.exec(value.trim());
  const parts = m ? parseApiKey(m[2]!) : undefined;
  if (m && parts) return `${m[1]}${parts.prefix}_live_${parts.keyId}.****`;
  if (m) return `${m[1]}****`;
  return '****';
}
