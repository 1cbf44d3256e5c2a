/**
 * Parsing a response body's text: JSON when it parses, the text otherwise, with a bound on how
 * deep an error body may nest before it is kept as text (no recursion over a hostile body).
 *
 * @module
 */

/**
 * Parses a body's text: JSON when it parses (and nests at most `maxDepth` levels), the text
 * otherwise, `undefined` when empty.
 */
export function parseBody(text: string, maxDepth = Number.POSITIVE_INFINITY): unknown {
  if (text === '') return undefined;
  if (nestsDeeper(text, maxDepth)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether the JSON `text` opens more than `max` arrays or objects inside one another. */
function nestsDeeper(text: string, max: number): boolean {
  if (max === Number.POSITIVE_INFINITY) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
