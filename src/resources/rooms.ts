/**
 * `clinic.rooms`: spec 4.8.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import { APIResource } from '../core/resource.ts';
import type { RequestOptions } from '../core/transport.ts';
import { IntegerId, type ListQuery } from '../schemas/common.ts';
import { Room } from '../schemas/rooms.ts';

/** Active rooms of the clinic (read-only, scope `appointments:read`). The list is empty when the clinic does not use rooms. */
export class Rooms extends APIResource {
  /**
   * Lists every room (`GET /rooms`). The spec shows no query parameters; `query` is sent as
   * given.
   */
  list(query?: ListQuery, options?: RequestOptions): Paginator<Room> {
    return this._client._list('/rooms', Room, query, options);
  }

  /**
   * Reads one room (`GET /rooms/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such room.
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Room> {
    return this._client._request({
      method: 'GET',
      path: '/rooms',
      id: [IntegerId, id],
      response: Room,
      retry: 'safe',
      options,
    });
  }
}
