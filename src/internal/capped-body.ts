/**
 * The one reader of a body under a byte cap, for every body the package reads whole: a webhook
 * delivery, a request to the reference server or its control API, and an answer to the client
 * whose length is not stated, is over its cap, or is compressed (body.ts). @module
 */

/** What {@link readCappedBody} returns for a body over its cap. */
export const OVER_CAP = Symbol('over cap');

/**
 * Cancels a body that will not be read: left unread, it would hold up the connection. Not
 * awaited: a source that never settles its cancel must not hold the answer back.
 */
export function cancelBody(message: Request | Response): void {
  if (message.body && !message.bodyUsed) message.body.cancel().catch(() => {});
}

/**
 * The bytes of `message`'s body, or {@link OVER_CAP} once a stated `Content-Length` or the bytes
 * counted pass `cap` (the rest cancelled, never read, so an endless upload cannot grow memory).
 * When `until` settles first, the read is cancelled and ends as `until` does: its value, or its
 * rejection.
 */
export async function readCappedBody<T = never>(
  message: Request | Response,
  cap: number,
  until?: Promise<T>,
): Promise<Uint8Array<ArrayBuffer> | typeof OVER_CAP | T> {
  const stated = message.headers.get('content-length')?.trim();
  if (stated !== undefined && /^\d+$/.test(stated) && Number(stated) > cap) {
    cancelBody(message);
    return OVER_CAP;
  }
  if (!message.body) return new Uint8Array(0);
  const reader = message.body.getReader();
  if (until === undefined) return readChunks(reader, cap);
  let settled = false;
  const read = readChunks(reader, cap).finally(() => {
    settled = true;
  });
  try {
    return await Promise.race([read, until]);
  } finally {
    // `until` came first: the read still waits on the stream, which is cancelled, not drained.
    if (!settled) reader.cancel().catch(() => {});
  }
}

async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  cap: number,
): Promise<Uint8Array<ArrayBuffer> | typeof OVER_CAP> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      reader.cancel().catch(() => {});
      return OVER_CAP;
    }
    chunks.push(value);
  }
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  if (only?.buffer instanceof ArrayBuffer) return only as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
