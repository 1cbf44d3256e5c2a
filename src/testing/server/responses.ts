/** Spec 7's refusals as thrown {@link ApiProblem}s, which the core turns into responses. @module */
import type { ConflictCode } from '../../operations.ts';
import type { FieldErrors } from '../../schemas/errors.ts';
import { NON_FIELD_ERRORS } from '../../schemas/errors.ts';

const JSON_HEADERS = { 'content-type': 'application/json' } as const;

export function jsonResponse(
  status: number,
  body: unknown,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS,
  });
}

/** A refusal by one of the spec's rules, thrown inside the server and answered as JSON. */
export class ApiProblem extends Error {
  override name = 'ApiProblem';
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string> | undefined;

  constructor(status: number, body: Record<string, unknown>, headers?: Record<string, string>) {
    super(`${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  toResponse(): Response {
    return jsonResponse(this.status, this.body, this.headers);
  }
}

/** 400: `{ field: [messages] }` (spec 7). */
export function badRequest(fields: FieldErrors): ApiProblem {
  return new ApiProblem(400, fields);
}

/** 400 about the whole body: `{ non_field_errors: [message] }`. */
export function badBody(message: string): ApiProblem {
  return new ApiProblem(400, { [NON_FIELD_ERRORS]: [message] });
}

/** 401 `{detail}`; carries `WWW-Authenticate: Bearer` as HTTP asks of a 401. */
export function unauthorized(detail: string): ApiProblem {
  return new ApiProblem(401, { detail }, { 'www-authenticate': 'Bearer' });
}

/** 403 `{detail}`. */
export function forbidden(detail: string): ApiProblem {
  return new ApiProblem(403, { detail });
}

/** 404 `{detail}`. */
export function notFound(detail: string): ApiProblem {
  return new ApiProblem(404, { detail });
}

/** 409 `{code, detail}`: a code of `CONFLICT_CODES` (the spec's or the server's own) or of a setting. */
export function conflict(code: ConflictCode | (string & {}), detail: string): ApiProblem {
  return new ApiProblem(409, { code, detail });
}

/** 422 `{code, detail}`. */
export function unprocessable(code: string, detail: string): ApiProblem {
  return new ApiProblem(422, { code, detail });
}
