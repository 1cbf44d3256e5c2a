/**
 * Parsing a response body's text: JSON when it parses, the text otherwise, with a bound on how
 * deep an error body may nest before it is kept as text (no recursion over a hostile body).
 *
 * @module
 */

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
 * Parses an error body's text like {@link parseBody}, but keeps it as text when it opens more
 * than `maxDepth` arrays or objects inside one another.
 */
export function parseErrorBody(text: string, maxDepth: number): unknown {
  return nestsDeeper(text, maxDepth) ? text : parseBody(text);
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
