/** The base class of the resource classes (`clinic.appointments`, `clinic.rooms`, ...). @module */
import type * as z from 'zod';
import type { OperationRow, PathId } from '../operations.ts';
import type { APIPromise } from './api-promise.ts';
import type { Paginator } from './pagination.ts';
import type { AppointmentCreateOptions } from './request-options.ts';

/** @internal What a resource method passes for its row: the id, body or query it needs. */
export type CallArgs<R extends OperationRow> = {
  options?: AppointmentCreateOptions | undefined;
} & (R extends { id: PathId<infer S> } ? { id: z.input<S> } : unknown) &
  (R extends { input: infer I extends z.ZodType } ? { body: z.input<I> } : unknown) &
  (R extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> | undefined } : unknown);

/** @internal What a call of row `R` returns: a paginator for lists, else an `APIPromise`. */
export type CallReturn<R extends OperationRow> = R extends { kind: 'list' }
  ? Paginator<z.output<R['response']>>
  : APIPromise<z.output<R['response']>>;

/** @internal What a resource calls: `ClinicClient._call`, which runs a row. */
export interface RowCaller {
  _call<R extends OperationRow>(op: R, args: CallArgs<R>): CallReturn<R>;
}

/** The operations on one API resource: one line per method over its row of `operations.ts`. */
export abstract class APIResource {
  /** @internal */
  protected readonly _client: RowCaller;

  /** @internal */
  constructor(client: RowCaller) {
    this._client = client;
  }
}
