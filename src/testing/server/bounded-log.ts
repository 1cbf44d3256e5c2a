/** A log bounded by entries and by bytes: the request log and the event log. @module */

/**
 * A log bounded by entries and by caller-measured bytes, oldest dropped first; the newest entry
 * stays whatever its size, so one request never empties the log nor grows it past one entry.
 */
export class BoundedLog<T> {
  /** Oldest first; `api.requests` and `api.events` are this array. */
  readonly entries: T[] = [];
  readonly #sizes: number[] = [];
  #bytes = 0;
  #limit: number;
  #byteLimit: number;

  constructor(limit: number, byteLimit: number) {
    this.#limit = limit;
    this.#byteLimit = byteLimit;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get limit(): number {
    return this.#limit;
  }

  get byteLimit(): number {
    return this.#byteLimit;
  }

  /** New bounds, applied at once (oldest dropped). */
  setLimits(limit: number, byteLimit: number): void {
    this.#limit = limit;
    this.#byteLimit = byteLimit;
    this.#trim();
  }

  append(entry: T, size: number): void {
    this.entries.push(entry);
    this.#sizes.push(size);
    this.#bytes += size;
    this.#trim();
  }

  #trim(): void {
    let drop = 0;
    let bytes = this.#bytes;
    const count = this.entries.length;
    while (
      count - drop > 0 &&
      (count - drop > this.#limit || (bytes > this.#byteLimit && count - drop > 1))
    ) {
      bytes -= this.#sizes[drop]!;
      drop += 1;
    }
    if (drop > 0) {
      this.entries.splice(0, drop);
      this.#sizes.splice(0, drop);
      this.#bytes = bytes;
    }
  }

  clear(): void {
    this.entries.length = 0;
    this.#sizes.length = 0;
    this.#bytes = 0;
  }
}
