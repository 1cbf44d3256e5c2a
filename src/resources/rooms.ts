/**
 * `clinic.rooms`: spec 4.8.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type { Room, RoomListParams } from '../schemas/rooms.ts';

/** Active rooms of the clinic (read-only, scope `appointments:read`). The list is empty when the clinic does not use rooms. */
export class Rooms extends APIResource {
  /**
   * Lists the active rooms (`GET /rooms`), empty when the clinic does not use rooms. The spec
   * shows this list paginated (spec 4.1: a `cursor`, which the paginator follows for you, and a
   * page size of default 50 and maximum 100, whose parameter name it does not show): pass it in
   * `options.extraQuery`, for instance `list({}, { extraQuery: { page_size: 100 } })` on a
   * service that calls it so.
   *
   * @example
   * ```ts
   * for await (const room of clinic.rooms.list()) console.log(room.name);
   * ```
   */
  list(query?: RoomListParams, options?: ListRequestOptions): Paginator<Room> {
    return this._client._call(OPERATIONS.listRooms, { query, options });
  }

  /**
   * Reads one room (`GET /rooms/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such room.
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Room> {
    return this._client._call(OPERATIONS.retrieveRoom, { id, options });
  }
}
