/** API keys and scopes (spec 5): issuing, authenticating (401), scopes (403), masking. @module */

import type { Scope } from '../../schemas/scopes.ts';
import { API_KEY_PATTERN, KeyOptions, parseInput } from './control-inputs.ts';
import { forbidden, unauthorized } from './responses.ts';
import type { ApiKeyRecord, Store } from './store.ts';

/** Scope presets of spec 5: Read only holds the two read scopes, Full access all four. */
export const SCOPE_PRESETS = {
  /** Read only: `appointments:read` and `patients:read`. */
  read_only: ['appointments:read', 'patients:read'],
  /** Full access: all four scopes; the default of `issueApiKey`. */
  full_access: ['appointments:read', 'appointments:write', 'patients:read', 'patients:write'],
} as const satisfies Record<string, readonly Scope[]>;

/** A scope preset: `read_only` or `full_access`. */
export type ScopePreset = keyof typeof SCOPE_PRESETS;

/** What `api.issueApiKey` takes. Without `scopes` or `preset` the key has full access. */
export interface IssueApiKeyOptions {
  /** The scopes the key holds, any subset of the four (even none). */
  scopes?: readonly Scope[];
  /** A preset of spec 5 instead of a list. */
  preset?: ScopePreset;
  /** The `<key_prefix>` part of the key: 1 to 32 letters and digits. Default `csk`. */
  prefix?: string;
  /** This exact key in the spec's format, for suites that must know it in advance; no `prefix`. */
  key?: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomToken(length: number): string {
  const out: string[] = [];
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 * 62: rejection sampling keeps the distribution uniform.
      if (byte < 248 && out.length < length) out.push(ALPHABET[byte % 62]!);
    }
  }
  return out.join('');
}

export function parseApiKey(
  key: string,
): { prefix: string; keyId: string; secret: string } | undefined {
  const m = API_KEY_PATTERN.exec(key);
  return m ? { prefix: m[1]!, keyId: m[2]!, secret: m[3]! } : undefined;
}

/** Constant-time (in the lengths only) comparison, so a timing probe cannot guess a secret. */
function safeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

/** Issues a key for clinic `companyId`; throws a TypeError naming a bad or taken option. */
export function issueApiKey(
  store: Store,
  companyId: number,
  options: IssueApiKeyOptions = {},
): string {
  const { scopes, preset, prefix, key } = parseInput(KeyOptions, options, 'issueApiKey');
  const chosen = scopes ?? SCOPE_PRESETS[preset ?? 'full_access'];
  const given = key === undefined ? undefined : parseApiKey(key)!;
  if (given && store.keys.has(given.keyId)) {
    throw new TypeError('issueApiKey: key: a key with this <key_id> is already issued');
  }
  let keyId = given?.keyId ?? randomToken(16);
  while (!given && store.keys.has(keyId)) keyId = randomToken(16);
  const record: ApiKeyRecord = {
    key_id: keyId,
    prefix: given?.prefix ?? prefix ?? 'csk',
    secret: given?.secret ?? randomToken(32),
    company_id: companyId,
    scopes: new Set(chosen),
  };
  store.keys.set(keyId, record);
  return `${record.prefix}_live_${keyId}.${record.secret}`;
}

/** Forgets a key (then 401); returns whether it was known. */
export function revokeApiKey(store: Store, key: string): boolean {
  const parts = parseApiKey(key);
  const record = parts && store.keys.get(parts.keyId);
  if (!parts || !record || !safeEqual(record.secret, parts.secret)) return false;
  return store.keys.delete(parts.keyId);
}

/** Spec 5 rules 1–2: 401 unless `Authorization: Bearer <API_KEY>` holds a known key. */
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

/** Spec 5 rule 4 (and our reading for the rest): 403 unless the key holds `scope`. */
export function requireScope(key: ApiKeyRecord, scope: Scope, operation: string): void {
  if (key.scopes.has(scope)) return;
  throw forbidden(
    `This API key lacks the scope ${scope}, which ${operation} requires. ` +
      `Use a key with the Full access preset or one that holds ${scope}.`,
  );
}

/** `Authorization` as `api.requests` records it: the secret (or an unparsable value) as `****`. */
export function maskAuthorization(value: string): string {
  const m = /^(Bearer +)(\S+)$/i.exec(value.trim());
  const parts = m ? parseApiKey(m[2]!) : undefined;
  if (m && parts) return `${m[1]}${parts.prefix}_live_${parts.keyId}.****`;
  if (m) return `${m[1]}****`;
  return '****';
}
