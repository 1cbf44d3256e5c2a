/**
 * Reading a request body within a byte limit: the reference server never holds more than
 * `maxBodyBytes` of one body, so a client (or an attacker on a shared port) cannot grow its
 * memory with a large or endless upload.
 *
 * @module
 */
import { ApiProblem } from './responses.ts';

/**
 * The 413 answer: the spec shows no limit on request bodies, so the status and its
 * `request_too_large` code are the reference server's choice.
 */
export function tooLarge(maxBytes: number): ApiProblem {
  return new ApiProblem(413, {
    code: 'request_too_large',
    detail:
      `The request body is larger than ${maxBytes} bytes, the most this server reads ` +
      '(createReferenceServer option maxBodyBytes).',
  });
}

/**
 * The body's bytes, at most `maxBytes` of them. A declared `Content-Length` over the limit is
 * refused before anything is read; a body that turns out larger (chunked, or a stream) is
 * refused as soon as the limit is crossed, and its stream is cancelled: the rest is never
 * read, even when its source would never end.
 *
 * @throws ApiProblem 413 `{code: 'request_too_large', detail}`.
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    request.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not awaited: a source that never settles must not hold the answer back.
      reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
