/** The newest state per appointment in the memory of one process. @module */
import { ConfigurationError } from '../../core/errors/index.ts';
import type { NewestState, OrderingStore } from './contract.ts';

/** Options of {@link MemoryOrderingStore}. */
export interface MemoryOrderingStoreOptions {
  /** Appointments remembered (default 100 000); past it the least recently recorded goes. */
  maxEntries?: number | undefined;
}

/** An {@link OrderingStore} for one process (tests, a single worker); lost on restart. */
export class MemoryOrderingStore implements OrderingStore {
  readonly #maxEntries: number;
  readonly #states = new Map<string, NewestState>();

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when `maxEntries` is not a positive integer. */
  constructor(options: MemoryOrderingStoreOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 100_000;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new ConfigurationError(
        'MemoryOrderingStore: maxEntries must be a positive integer (default 100 000).',
      );
    }
  }

  /** {@inheritDoc OrderingStore.get} */
  get(appointmentId: string): NewestState | undefined {
    return this.#states.get(appointmentId);
  }

  /** {@inheritDoc OrderingStore.put} */
  put(appointmentId: string, state: NewestState): void {
    const held = this.#states.get(appointmentId);
    if (held && held.order > state.order) return;
    this.#states.delete(appointmentId);
    if (this.#states.size >= this.#maxEntries) {
      this.#states.delete(this.#states.keys().next().value as string);
    }
    this.#states.set(appointmentId, { order: state.order, digest: state.digest });
  }
}
