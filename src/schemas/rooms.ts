/**
 * Rooms (spec 2.4): read-only; only active rooms are returned.
 *
 * @module
 */
import * as z from 'zod';

/** A room (spec 2.4). */
export const Room = z.object({
  /** The room's id (`room_id` on appointments). */
  id: z.number().int(),
  /** The room's name. */
  name: z.string(),
});
/** A room (spec 2.4). */
export type Room = z.infer<typeof Room>;
