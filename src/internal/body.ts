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
 * An error body from ky's `HTTPError.data` (text, or JSON ky parsed), as text when it nests
 * deeper than `max`: the spec's nest three levels, and a walk of more could exhaust a stack.
 */
export function errorBody(data: unknown, max = 64): unknown {
  const body = typeof data === 'string' ? parseBody(data) : data;
  if (!deeperThan(body, max)) return body;
  if (typeof data === 'string') return data;
  try {
    return JSON.stringify(data);
  } catch {
    return undefined;
  }
}

/** Whether `value` nests more than `max` arrays or objects, walked without recursion. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * A body's text, at most `cap` bytes: over it a 2xx rejects with {@link OverCap}, another status
 * resolves `undefined`. Stops at `signal`'s abort even when `fetch` does not tie the body to it.
 */
export async function readText(
  response: Response,
  signal: AbortSignal,
  cap: number,
): Promise<string | undefined> {
  if (signal.aborted) {
    response.body?.cancel().catch(() => {});
    throw signal.reason;
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  signal.addEventListener('abort', () => reader.cancel(signal.reason).catch(() => {}));
  const chunks: BlobPart[] = [];
  let size = 0;
  for (;;) {
    if (declared > cap || size > cap) {
      reader.cancel().catch(() => {});
      if (response.ok) throw new OverCap();
      return undefined;
    }
    const { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason;
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // Decoded once, at the end: no string is rebuilt per chunk.
  return new Blob(chunks).text();
}

/** A 2xx body over `maxResponseBytes`, which attempt.ts turns into the call's error. */
export class OverCap extends Error {}
