/**
 * A list walk's memory of the pages it visited (internal/walk.ts) is bounded: a walk of any
 * length holds its latest pages, not all of them. How a loop ends a walk is pinned through
 * `ClinicClient` in pagination.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Walk } from '../../src/internal/walk.ts';

const url = (n: number) => `https://clinic.test/api/public/v1/rooms?cursor=${n}`;

describe('Walk: the pages it remembers', () => {
  it('remembers the pages of a short walk, and no other', () => {
    const walk = new Walk();
    for (let n = 0; n < 50; n++) walk.visit(url(n));
    for (let n = 0; n < 50; n++) expect(walk.has(url(n))).toBe(true);
    expect(walk.has(url(50))).toBe(false);
  });

  it('on a long walk, forgets the earliest pages and keeps the latest', () => {
    const walk = new Walk();
    for (let n = 0; n < 5_000; n++) walk.visit(url(n));
    expect(walk.has(url(0))).toBe(false);
    expect(walk.has(url(1))).toBe(false);
    for (let n = 4_950; n < 5_000; n++) expect(walk.has(url(n))).toBe(true);
  });
});
