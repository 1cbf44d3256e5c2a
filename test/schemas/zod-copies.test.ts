/**
 * The built package bundles its own zod (tsup.config.ts): its exported schemas must still compose
 * with the zod an application imports, since users extend them, nest them and check them with
 * `instanceof` (docs/runtimes.md, "The bundled zod").
 */

import { describe, expect, it } from 'vitest';
import * as z from 'zod';

// The built entry, not src/: only dist/ carries the second copy of zod.
const sdk = await import('@clinic-scheduling/sdk');

const ROOM = { id: 2, name: 'Room 2' };

describe("the package's zod and the application's", () => {
  it('are two copies', () => {
    // If the build stopped bundling zod, this file would test one copy against itself.
    expect(sdk.Room.constructor).not.toBe(z.ZodObject);
  });

  it('instanceof holds across the copies, for schemas and for errors', () => {
    expect(sdk.Room).toBeInstanceOf(z.ZodType);
    expect(sdk.Room).toBeInstanceOf(z.ZodObject);
    const result = sdk.Room.safeParse({ id: 'x', name: 'a' });
    expect(result.error).toBeInstanceOf(z.ZodError);
  });

  it("an exported schema nests in the application's schemas and reports the right paths", () => {
    const Schema = z.object({
      room: sdk.Room,
      rooms: z.array(sdk.Room),
      spare: sdk.Room.optional(),
    });
    expect(Schema.parse({ room: ROOM, rooms: [ROOM] })).toEqual({ room: ROOM, rooms: [ROOM] });
    const failed = Schema.safeParse({ room: { ...ROOM, id: 'x' }, rooms: [] });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues.map((i) => i.path)).toEqual([['room', 'id']]);
  });

  it("an exported schema extends with the application's fields and converts to JSON Schema", () => {
    const Extended = sdk.Room.extend({ floor: z.number() });
    expect(Extended.parse({ ...ROOM, floor: 3 })).toEqual({ ...ROOM, floor: 3 });
    expect(() => Extended.parse(ROOM)).toThrow(z.ZodError);
    const json = z.toJSONSchema(sdk.Room) as { required?: string[] };
    expect(json.required).toEqual(['id', 'name']);
  });

  it('the input schemas keep their rules when nested', () => {
    const Wrapped = z.object({ patient: sdk.PatientCreateParams });
    expect(Wrapped.safeParse({ patient: { name: 'Ana', cpf: '111.111.111-12' } }).success).toBe(
      false,
    );
  });
});
