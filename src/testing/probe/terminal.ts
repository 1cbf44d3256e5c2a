/** What the probe prints of a service's words: a hostile service must not rewrite the terminal
 * (move the cursor, clear a line, reorder text) with what it answered. @module */

/**
 * C0 controls and DEL, C1 controls (U+009B is a CSI on its own), and the bidirectional marks and
 * overrides that reorder a line as shown; `\n` and `\t` are listed apart.
 */
const CONTROLS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it exists to find.
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const LINE_BREAKS = /[\n\t]/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A value the service wrote, on one line: every control character escaped (`\u001b`). */
export function serviceText(value: unknown): string {
  return String(value).replace(CONTROLS, escaped).replace(LINE_BREAKS, escaped);
}

/** Whole output: every control character but line breaks and tabs escaped. JSON stays JSON. */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, escaped);
}
