/**
 * Rooms (spec 2.4): read-only; only active rooms are returned.
 *
 * @module
 */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import type { NoListFilters } from './fields/index.ts';

/**
 * A room of the clinic (spec 2.4). Only active rooms are returned; a clinic that does not use
 * rooms has none.
 */
export interface Room {
  /** The room's id: the one accepted as `room_id` on appointments. */
  id: number;
  /** The room's name. */
  name: string;
}

/** The zod schema of a {@link Room}, which checks what the service returns. */
export const Room = z.object({
  id: z.number().int(),
  name: z.string(),
});

/**
 * Query of `rooms.list`. The spec shows the rooms list paginated (spec 4.1): the `cursor` is
 * followed for you, and the page size (default 50, maximum 100) has a name the spec does not
 * show, so no key is accepted here: pass it as `options.extraQuery` on a service that documents
 * it (`list({}, { extraQuery: { page_size: 100 } })`).
 */
export interface RoomListParams extends NoListFilters {}

type _RoomCheck = Assert<Equals<Room, z.output<typeof Room>>>;
