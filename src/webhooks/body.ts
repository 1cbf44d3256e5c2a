/**
 * Reading a webhook request's body: bounded in size, and the body cancelled when it will not
 * be read.
 *
 * @module
 */

/** What {@link readBody} returns for a body over the limit. */
export const TOO_LARGE = Symbol('too large');

/**
 * Tells the runtime that the body will not be read, before an answer that does not need it: a
 * body left unread would otherwise hold up the connection (`toNodeListener` discards the rest).
 */
export async function discardBody(request: Request): Promise<void> {
  if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
}

/** Reads the body, refusing it as soon as it passes `limit` bytes. */
export async function readBody(
  request: Request,
  limit: number,
): Promise<Uint8Array | typeof TOO_LARGE> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await discardBody(request);
    return TOO_LARGE;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
