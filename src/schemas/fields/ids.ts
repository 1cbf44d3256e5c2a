/** Path and reference ids: positive integers, and the appointment's uuid. @module */
import * as z from 'zod';
import { typeError } from './limits.ts';

/** Resource ids other than the appointment id: positive integers. */
export const IntegerId = z
  .number(typeError('must be a positive integer id'))
  .int({ error: 'must be a positive integer id' })
  .min(1, { error: 'must be a positive integer id' });

/** The appointment id: a canonical UUID of any version (the spec says only "uuid"). */
export const AppointmentId = z.guid(typeError('must be a UUID (the appointment id)'));
