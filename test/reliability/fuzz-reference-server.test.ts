/**
 * Fuzzing the reference server (issue 7): thousands of random requests through `api.fetch` over
 * every route (the 15 operations, unknown paths, PUT/DELETE/HEAD/OPTIONS and odd methods), with
 * random ids (own, another clinic's, unknown, malformed), Authorization headers (missing,
 * malformed, revoked, another clinic's keys, every scope subset), Idempotency-Key reuse and
 * long keys, and bodies of every kind (near-valid, random JSON, malformed JSON, form-urlencoded,
 * multipart, empty, huge) under every content type.
 *
 * Each answer must be one the spec allows: never 5xx and never a rejected `api.fetch`; the
 * body shapes of spec 7 by status; 401 exactly when the key is not valid, 403 exactly when it
 * lacks the route's scope, 404 for anything but the 15 operations and for another clinic's
 * ids; 2xx bodies in the shapes of spec 2. At checkpoints, the state read back through the API
 * with a full-access key per clinic holds its invariants: every appointment points at existing
 * records of its clinic, the records are exactly those the answers created, and no two
 * patients of a clinic share a CPF. Every operation is both taken (2xx) and refused: a write's
 * bodies are drawn from its row's schema, so a new operation needs no generator of its own.
 *
 * Fixed seed in `npm test`; `FUZZ_SEED=random FUZZ_RUNS=50000` for more (see docs/reliability.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { build, requestArb } from './fuzz/generators.ts';
import { checkInvariants } from './fuzz/invariants.ts';
import { checkAnswer } from './fuzz/oracle.ts';
import { CHECKPOINT_EVERY, FILE, settings } from './fuzz/routes.ts';
import { buildWorld } from './fuzz/world.ts';
import { describeSettings, printReproductionOnFailure } from './settings.ts';

// --- the run -------------------------------------------------------------------------------

describe('fuzzing the reference server through api.fetch', () => {
  it(`${settings.runs} random requests over every route: no 5xx, spec 7 bodies, invariants hold (${describeSettings(settings)})`, async () => {
    printReproductionOnFailure(settings, FILE);
    const world = buildWorld();
    const specs = fc.sample(requestArb, { seed: settings.seed, numRuns: settings.runs });
    const statuses = new Map<number, number>();
    // Per operation: the answers that took the request (2xx) and those that refused it (4xx).
    const outcomes = new Map(OPERATION_ROWS.map((row) => [row.name, { took: 0, refused: 0 }]));
    for (let index = 0; index < specs.length; index++) {
      const built = build(world, specs[index]!, index);
      let response: Response;
      try {
        response = await world.api.fetch(built.request);
      } catch (error) {
        throw new Error(
          `request #${index} (${describeSettings(settings)}): api.fetch rejected with ${String(error)}\n  ${built.describe}`,
          { cause: error },
        );
      }
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const outcome = built.op && outcomes.get(built.op.name);
      if (outcome && response.status < 300) outcome.took++;
      else if (outcome && response.status < 500) outcome.refused++;
      const text = await response.text();
      try {
        checkAnswer(world, built, response, text);
      } catch (error) {
        throw new Error(
          `request #${index} (${describeSettings(settings)}) answered ${response.status}: ${(error as Error).message}\n` +
            `  request: ${built.describe}\n  answer: ${text.slice(0, 500)}`,
          { cause: error },
        );
      }
      if ((index + 1) % CHECKPOINT_EVERY === 0 || index === specs.length - 1) {
        await checkInvariants(world, `after request #${index} (${describeSettings(settings)})`);
      }
    }
    if (settings.verbose) {
      const created = world.clinics.map(
        (c) => `${c.appointments.length} appointments, ${c.patients.length} patients`,
      );
      console.info(
        `[reliability] fuzz ${describeSettings(settings)}: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ` +
          `clinic 1: ${created[0]}; clinic 2: ${created[1]}; ${world.usedKeys.length} idempotency keys, ${world.cursors.length} cursors`,
      );
    }
    // The run reached every kind of answer, so the checks above were exercised.
    for (const status of [200, 201, 400, 401, 403, 404, 409, 422]) {
      expect(statuses.get(status) ?? 0, `no ${status} in the whole run`).toBeGreaterThan(0);
    }
    expect(
      world.clinics[0].appointments.length + world.clinics[1].appointments.length,
    ).toBeGreaterThan(10);
    // Every operation of the table, a new one included, was taken and refused: its bodies are
    // drawn from its schemas (fuzz/generators.ts), so none is only ever sent invalid ones.
    const unexercised = [...outcomes]
      .filter(([, { took, refused }]) => took === 0 || refused === 0)
      .map(([name, { took, refused }]) => `${name}: ${took} taken, ${refused} refused`);
    expect(unexercised, 'operations the run never both took and refused').toEqual([]);
  });
});
