/** The appointment note and the Idempotency-Key of its create (spec 4.4, 8). @module */
import * as z from 'zod';
import { EXACT_HEADER_VALUE } from '../../internal/wire.ts';
import { LIMITS, typeError } from './limits.ts';

/** Appointment internal note: at most 2000 characters. */
export const Note = z
  .string(typeError('must be a string'))
  .max(LIMITS.noteLength, { error: `must be at most ${LIMITS.noteLength} characters` });

/** The `Idempotency-Key` header: 1 to 255 characters a header carries unchanged. */
export const IdempotencyKey = z
  .string(typeError('must be a string'))
  .min(1, { error: 'must not be empty' })
  .max(LIMITS.idempotencyKeyLength, {
    error: `must be at most ${LIMITS.idempotencyKeyLength} characters`,
  })
  .refine((key) => key === '' || EXACT_HEADER_VALUE.test(key), {
    error:
      'must be text an HTTP header carries unchanged: no line breaks or control characters, ' +
      'nothing beyond Latin-1, no white space at either end (a uuid is a good key)',
  });
