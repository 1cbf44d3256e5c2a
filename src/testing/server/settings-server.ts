/** What the docs tables and the JSON Schema say of each server-wide member of the settings
 * document; their defaults are read off a new server (`api.settingsDocument()`). @module */

import type { SettingDefinition } from './setting-definition.ts';
import type { ServerSettings } from './settings-document.ts';

/** A member's words; `question` only where it reads something the spec leaves open. */
export type MemberWords = Omit<SettingDefinition, 'schema' | 'default' | 'spec' | 'question'> &
  Partial<Pick<SettingDefinition, 'spec' | 'question'>>;

/** Every member but `clinic`, whose members are defined one by one (`CLINIC_SETTINGS`). */
export const SERVER_SETTING_WORDS: {
  readonly [K in Exclude<keyof ServerSettings, 'clinic'>]: MemberWords;
} = {
  listEnvelope: {
    spec: '4.1',
    question: 'The envelope of the lists other than rooms',
    byDefault: '`{results, next, previous}` on every list',
    otherwise:
      "per list (`appointments`, `patients`, `professionals`, `appointmentTypes`), `'array'`: a bare JSON array of every matching item, `cursor` and the page size not read; rooms always use the envelope (spec 4.1)",
  },
  links: {
    byDefault: '`next` and `previous` are absolute URLs on `baseUrl`',
    otherwise: "`'request'`: on the host the client reached (the CLI's default)",
  },
  origins: {
    byDefault:
      "`api.fetch` answers `baseUrl`'s origin only and rejects another as `fetch` does an unreachable host, so a client with a wrong `baseUrl` books nothing (requests over a socket are not checked)",
    otherwise: "`'any'`: every origin",
  },
  duplicates: {
    spec: '4',
    question: 'A query parameter, form field or API header given twice',
    byDefault:
      '400 naming each one (headers are checked over a socket: a Fetch `Headers` has already joined repeats)',
    otherwise: "`'first'`: the first one is read",
  },
  maxBodyBytes: {
    spec: '8',
    question: 'The largest request body (the spec shows no limit)',
    byDefault:
      'a larger body is 413 `{code: "request_too_large", detail}`, the reference server’s status and code, before it is buffered',
    otherwise: 'any number of bytes',
  },
  logLimit: {
    byDefault:
      'the most entries the request log, the event log and the delivery records each keep, oldest dropped (CLI `--log-limit`)',
    otherwise:
      'any whole number; `"unbounded"` (`Infinity` as an option of `createReferenceServer`)',
  },
  logBytes: {
    byDefault: 'the most bytes of JSON text the request log and the event log each keep',
    otherwise: 'any number of bytes; `"unbounded"`',
  },
  attemptHeader: {
    byDefault: 'the request header whose whole number the request log keeps as `attempt`',
    otherwise: 'another header name; `null` for none',
  },
  requestIdHeader: {
    spec: '7',
    question: 'A request id in the answers (the spec shows none)',
    byDefault: 'none',
    otherwise:
      'a header name ending in `Id`, such as `X-Request-Id`: every API answer carries it with a fresh id (the client reports `x-request-id` and `request-id` as `requestId`)',
  },
  webhooks: {
    byDefault:
      'no delivery chaos; only public HTTPS URLs, every IANA special-purpose range refused (spec 6)',
    otherwise:
      '`duplicate` (the chance of a second copy), `reorder`, `seed`; `allowLoopbackHttp` (CLI `--allow-http-webhooks`): `http://` and `https://` on loopback; `allowHttpHosts` (CLI `--allow-http-webhooks=<host>,...`): these host names over `http://` whatever they resolve to. The option `webhooks.resolveHost` (not in the document) resolves names so every address is checked',
  },
};
