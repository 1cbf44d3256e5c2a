/**
 * Issue 15, "Promise typing" and "Responses": an APIPromise<T> reads as a Promise<T>, and its
 * raw-response accessors are typed.
 */
import { expectTypeOf } from 'expect-type';
import type {
  APIPromise,
  Appointment,
  ClinicClient,
  Page,
  Paginator,
  Room,
  WithResponse,
} from '../../src/index.ts';

declare const clinic: ClinicClient;

// Ordinary Promise code compiles: `catch` takes `(e: Error) => ...` as Promise<T>'s does.
expectTypeOf(clinic.rooms.retrieve(1).catch((e: Error) => e.message)).toEqualTypeOf<
  Promise<Room | string>
>();
expectTypeOf(clinic.rooms.retrieve(1).then((room) => room.name)).toEqualTypeOf<Promise<string>>();
expectTypeOf(
  clinic.rooms.retrieve(1).then(
    (room) => room.id,
    (e: Error) => e.name,
  ),
).toEqualTypeOf<Promise<number | string>>();
expectTypeOf(clinic.rooms.retrieve(1).finally(() => undefined)).toEqualTypeOf<Promise<Room>>();

// The same three methods, parameter for parameter, as Promise<T>'s.
expectTypeOf<APIPromise<Room>['then']>().toEqualTypeOf<Promise<Room>['then']>();
expectTypeOf<APIPromise<Room>['catch']>().toEqualTypeOf<Promise<Room>['catch']>();
expectTypeOf<APIPromise<Room>['finally']>().toEqualTypeOf<Promise<Room>['finally']>();
expectTypeOf<APIPromise<Room>>().toExtend<Promise<Room>>();

// Usable wherever a Promise is: Promise.all, an async function's return.
expectTypeOf(Promise.all([clinic.rooms.retrieve(1), clinic.patients.retrieve(2)])).toEqualTypeOf<
  Promise<[Room, Awaited<ReturnType<ClinicClient['patients']['retrieve']>>]>
>();
async function roomName(id: number): Promise<string> {
  return (await clinic.rooms.retrieve(id)).name;
}
expectTypeOf(roomName).returns.toEqualTypeOf<Promise<string>>();

// Methods return APIPromise of the named type.
expectTypeOf(clinic.appointments.retrieve('x')).toEqualTypeOf<APIPromise<Appointment>>();

// withResponse(): data, response, requestId, idempotencyKey, replayed.
expectTypeOf(clinic.rooms.retrieve(1).withResponse()).toEqualTypeOf<Promise<WithResponse<Room>>>();
expectTypeOf<WithResponse<Room>>().toEqualTypeOf<{
  data: Room;
  response: Response;
  requestId: string | undefined;
  idempotencyKey: string | undefined;
  replayed: boolean;
}>();

// asResponse(): the raw Response.
expectTypeOf(clinic.rooms.retrieve(1).asResponse()).toEqualTypeOf<Promise<Response>>();

// A list's first page, its raw response, and Promise-like handling of its failure.
expectTypeOf(clinic.rooms.list()).toEqualTypeOf<Paginator<Room>>();
expectTypeOf<Awaited<Paginator<Room>>>().toEqualTypeOf<Page<Room>>();
expectTypeOf<Page<Room>['response']>().toEqualTypeOf<Response>();
expectTypeOf(clinic.rooms.list().catch((e: Error) => e.message)).toEqualTypeOf<
  Promise<Page<Room> | string>
>();
