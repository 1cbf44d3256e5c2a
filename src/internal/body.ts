/** A body read with a cap, and parsed with a bound on an error body's nesting. @module */

/** Parses a body's text: JSON when it parses, the text otherwise, `undefined` when empty. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * An error body, as text when it nests deeper than `max`: the spec's nest three levels, and a
 * walk of more could exhaust a stack.
 */
export function errorBody(text: string, max = 64): unknown {
  const body = parseBody(text);
  const stack: Array<[unknown, number]> = [[body, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return text;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return body;
}

/**
 * A body's text and size, at most `cap` bytes: over it a 2xx rejects with {@link OverCap}, another
 * status resolves `undefined`. Stops at `signal`'s abort even when `fetch` does not tie the body
 * to it.
 */
export async function readText(
  response: Response,
  signal: AbortSignal,
  cap: number,
): Promise<[text: string, bytes: number] | undefined> {
  if (signal.aborted) {
    response.body?.cancel().catch(() => {});
    throw signal.reason;
  }
  const reader = response.body?.getReader();
  if (reader === undefined) return ['', 0];
  signal.addEventListener('abort', () => reader.cancel(signal.reason).catch(() => {}));
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (declared > cap || size > cap) {
      reader.cancel().catch(() => {});
      if (response.ok) throw new OverCap();
      return undefined;
    }
    const { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason;
    if (done) return [decode(chunks), size];
    size += value.byteLength;
    chunks.push(value);
  }
}

// One decoder for every body: each is decoded whole, synchronously, and flushed at its end.
const decoder = new TextDecoder();

function decode(chunks: Uint8Array[]): string {
  let text = '';
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** A 2xx body over `maxResponseBytes`, which attempt.ts turns into the call's error. */
export class OverCap extends Error {}
