/** Reading a webhook body, bounded in size and time. @module */

/** What {@link readBody} returns for a body over the limit. */
export const TOO_LARGE = Symbol('too large');

/** Cancels a body that will not be read: left unread, it would hold up the connection. */
export async function discardBody(request: Request): Promise<void> {
  if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
}

/** What {@link readBody} returns for a body not complete within its time limit. */
export const TOO_SLOW = Symbol('too slow');

/** Reads the body; past `limit` bytes or `timeoutMs` (slow-loris) the rest is cancelled. */
export async function readBody(
  request: Request,
  limit: number,
  timeoutMs: number,
): Promise<Uint8Array | typeof TOO_LARGE | typeof TOO_SLOW> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await discardBody(request);
    return TOO_LARGE;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<typeof TOO_SLOW>((resolve) => {
    timer = setTimeout(() => resolve(TOO_SLOW), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === TOO_SLOW) {
        void reader.cancel().catch(() => {});
        return TOO_SLOW;
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => {});
        return TOO_LARGE;
      }
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
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
