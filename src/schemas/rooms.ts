/** Rooms (spec 2.4): read-only. @module */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import type { NoListFilters } from './fields/index.ts';

/** A room of the clinic (spec 2.4); only active rooms are returned. */
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

/** Query of `rooms.list`: the page size's name is not shown (see {@link NoListFilters}). */
export interface RoomListParams extends NoListFilters {}

type _RoomCheck = Assert<Equals<Room, z.output<typeof Room>>>;
