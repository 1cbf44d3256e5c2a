/** A body read under a cap, and parsed with a bound on an error body's nesting. @module */
import { OVER_CAP, readCappedBody } from './capped-body.ts';

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
  if (typeof body !== 'object' || body === null) return body;
  const stack: Array<[unknown, number]> = [[body, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (depth >= max) return text;
    for (const child of Object.values(item as object)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return body;
}

/**
 * A body's text and size, at most `cap` bytes: over it a 2xx rejects with {@link OverCap}, another
 * status resolves `undefined`. A length the answer states (uncompressed: a transport holds a body
 * to it) within the cap is read whole, as `text()` reads; any other is streamed and counted. The
 * read ends when `stopped` rejects, even when `fetch` does not tie the body to its signal.
 */
export async function readText(
  response: Response,
  cap: number,
  stopped?: Promise<never>,
): Promise<[text: string, bytes: number] | undefined> {
  const { headers } = response;
  if (response.body === null) return ['', 0];
  const declared = Number(headers.get('content-length') ?? Number.NaN);
  if (declared >= 0 && declared <= cap && !headers.has('content-encoding')) {
    const text = await (stopped ? Promise.race([response.text(), stopped]) : response.text());
    // UTF-8 takes at least a byte per UTF-16 unit: a longer text was not the length stated.
    const bytes = Math.max(declared, text.length);
    return bytes > cap ? over(response) : [text, bytes];
  }
  // Over the cap by its stated length (cancelled unread), chunked, or compressed: the package's
  // one reader of a capped body counts it as it streams.
  const bytes = await readCappedBody(response, cap, stopped);
  return bytes === OVER_CAP ? over(response) : [decoder.decode(bytes), bytes.byteLength];
}

function over(response: Response): undefined {
  if (response.ok) throw new OverCap();
  return undefined;
}

// One decoder for every body: each is decoded whole, at once.
const decoder = new TextDecoder();

/** A 2xx body over `maxResponseBytes`, which the attempt turns into the call's error. */
export class OverCap extends Error {}
