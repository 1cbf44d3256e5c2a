/** The base class of the resource classes (`clinic.appointments`, `clinic.rooms`, ...). @module */
import type { ClinicClient } from '../client.ts';

/** The operations on one API resource: one line per method over its row of `operations.ts`. */
export abstract class APIResource {
  /** @internal */
  protected readonly _client: ClinicClient;

  /** @internal */
  constructor(client: ClinicClient) {
    this._client = client;
  }
}
