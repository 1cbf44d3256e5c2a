/**
 * The base class of the resource classes (`clinic.appointments`, `clinic.rooms`, ...).
 *
 * @module
 */
import type { ClinicClient } from '../client.ts';

/** A group of operations on one API resource. Resources are thin: one line per method. */
export abstract class APIResource {
  /** @internal */
  protected readonly _client: ClinicClient;

  /** @internal */
  constructor(client: ClinicClient) {
    this._client = client;
  }
}
