/** Reading a request: the body within `maxBodyBytes` (so an endless upload cannot grow memory),
 * in the media types each operation takes, and parameters and headers given once. @module */
import { OVER_CAP, readCappedBody } from '../../internal/capped-body.ts';
import { isJsonContentType } from '../../internal/utils.ts';
import { IDEMPOTENCY_HEADER } from '../../internal/wire.ts';
import type { BodyKind } from '../../operations.ts';
import type { ServerContext } from './context.ts';
import { ApiProblem, badBody, badRequest } from './responses.ts';
import { coerceFormFields } from './rules.ts';
import type { ClinicSettings } from './store.ts';

/** 413 `request_too_large`: our choice, as the spec shows no body limit. */
export function tooLarge(maxBytes: number): ApiProblem {
  return new ApiProblem(413, {
    code: 'request_too_large',
    detail:
      `The request body is larger than ${maxBytes} bytes, the most this server reads ` +
      '(the setting maxBodyBytes of the settings document).',
  });
}

/** The body's bytes; 413 past `maxBytes`, the rest never read. */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readCappedBody(request, maxBytes);
  if (bytes === OVER_CAP) throw tooLarge(maxBytes);
  return bytes;
}

const BODY_FORMATS: Record<Exclude<BodyKind, 'none'>, string> = {
  json: 'application/json',
  'json-or-form': 'application/json, application/x-www-form-urlencoded or multipart/form-data',
};

/** Spec 4.4: a JSON object body, or on `json-or-form` also urlencoded or multipart; else 400. */
export async function readBody(
  request: Request,
  kind: Exclude<BodyKind, 'none'>,
  ctx: ServerContext,
  settings: ClinicSettings,
) {
  const contentType = request.headers.get('content-type') ?? '';
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  const bytes = await readBodyBytes(request, ctx.maxBodyBytes);
  const jsonTypes = settings.jsonContentTypes;
  let decoded: string | undefined;
  const text = () => (decoded ??= new TextDecoder().decode(bytes));
  if (media === 'application/json' || (jsonTypes === 'json-suffix' && isJsonContentType(media))) {
    if (text().trim() === '') return {};
    let value: unknown;
    try {
      value = JSON.parse(text());
    } catch (error) {
      throw badBody(`Malformed JSON: ${(error as Error).message}`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw badBody('The body must be a JSON object.');
    }
    return value as Record<string, unknown>;
  }
  if (kind === 'json-or-form' && media === 'application/x-www-form-urlencoded') {
    return formFields(new URLSearchParams(text()), ctx.duplicates);
  }
  if (kind === 'json-or-form' && media === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badBody('Malformed multipart/form-data body.');
    }
    return formFields(form, ctx.duplicates);
  }
  if (media === '' && bytes.byteLength === 0) return {};
  throw badBody(
    `Unsupported Content-Type ${media ? `"${media}"` : '(none)'}: send the body as ` +
      `${BODY_FORMATS[kind]}` +
      (isJsonContentType(media) ? ' (settings.jsonContentTypes accepts application/*+json)' : '') +
      '.',
  );
}

/** A form's fields: text only, each once (per `duplicates`); 400 names each file or repeat. */
function formFields(
  entries: Iterable<[string, FormDataEntryValue]>,
  duplicates: ServerContext['duplicates'],
): Record<string, unknown> {
  const fields = new Map<string, string>();
  const errors = new Map<string, string[]>();
  for (const [key, value] of entries) {
    if (typeof value !== 'string') errors.set(key, ['must be a text value, not a file']);
    else if (!fields.has(key)) fields.set(key, value);
    else if (duplicates === 'refuse') errors.set(key, ['was given more than once: send it once']);
  }
  if (errors.size > 0) throw badRequest(Object.fromEntries(errors));
  return coerceFormFields(Object.fromEntries(fields));
}

/** Spec 4.6 shows no cancel body: any byte is 400 unless `cancelBody` is `'ignore'`. */
export async function refuseBody(request: Request, maxBytes: number, policy: 'refuse' | 'ignore') {
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes.byteLength > 0 && policy === 'refuse') {
    throw badBody(
      'This operation takes no body: send none (settings.cancelBody = "ignore" reads and drops one).',
    );
  }
}

/** Headers whose repeat is ambiguous. */
const SINGLE_HEADERS: Readonly<Record<string, string>> = {
  authorization: 'Authorization',
  [IDEMPOTENCY_HEADER.toLowerCase()]: IDEMPOTENCY_HEADER,
  'content-type': 'Content-Type',
};

/** A repeated query parameter or API header is 400 naming each, unless `duplicates: 'first'`. */
export function assertNoRepeats(
  ctx: ServerContext,
  url: URL,
  repeatedHeaders: readonly string[],
): void {
  if (ctx.duplicates === 'first') return;
  const fields = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const name of url.searchParams.keys()) {
    if (seen.has(name)) fields.set(name, ['was given more than once: send it once']);
    seen.add(name);
  }
  for (const name of repeatedHeaders) {
    const shown = SINGLE_HEADERS[name.toLowerCase()];
    if (shown) fields.set(shown, ['header was sent more than once: send it once']);
  }
  if (fields.size > 0) throw badRequest(Object.fromEntries(fields));
}
