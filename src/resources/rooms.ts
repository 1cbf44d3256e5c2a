/** `clinic.rooms` (spec 4.8). @module */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type { Room, RoomListParams } from '../schemas/rooms.ts';

/** Active rooms (read-only, scope `appointments:read`); an id is a `room_id`. */
export class Rooms extends APIResource {
  /** Lists the active rooms (`GET /rooms`); empty when the clinic does not use rooms. */
  list(query?: RoomListParams, options?: ListRequestOptions): Paginator<Room> {
    return this._client._call(OPERATIONS.listRooms, { query, options });
  }

  /** Reads one active room (`GET /rooms/{id}`): {@link NotFoundError} if none. */
  retrieve(id: number, options?: RequestOptions): APIPromise<Room> {
    return this._client._call(OPERATIONS.retrieveRoom, { id, options });
  }
}
