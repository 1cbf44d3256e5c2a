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

/** {@link parseBody}, but the text kept when it nests deeper than `maxDepth` (no recursion). */
export function parseErrorBody(text: string, maxDepth: number): unknown {
  return nestsDeeper(text, maxDepth) ? text : parseBody(text);
}

/** The body of an error from ky's `HTTPError.data`, nesting deeper than `maxDepth` kept as text. */
export function errorBody(data: unknown, maxDepth: number): unknown {
  if (typeof data === 'string') return parseErrorBody(data, maxDepth);
  if (!deeperThan(data, maxDepth)) return data;
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

/** Whether the JSON `text` opens more than `max` arrays or objects inside one another. */
function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const c of text) {
    if (escaped) escaped = false;
    else if (inString) {
      if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (++depth > max) return true;
    } else if (c === ']' || c === '}') depth--;
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
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // Decoded once, at the end: no string is rebuilt per chunk.
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A 2xx body over `maxResponseBytes`, which attempt.ts turns into the call's error. */
export class OverCap extends Error {}
