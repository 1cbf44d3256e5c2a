/**
 * Issue 15, "Options types": a project with `exactOptionalPropertyTypes` passes options that may
 * be absent (`timeout: cfg.timeout`). `test/types/tsconfig.json` checks this file with that
 * setting on, against the emitted declarations (`dist/`, as a user's project sees them), and
 * `npm run typecheck` runs it.
 */
import {
  type AppointmentCreateParams,
  ClinicClient,
  type RequestOptions,
} from '@clinic-scheduling/sdk';

declare const clinic: ClinicClient;
declare const body: AppointmentCreateParams;
/** A configuration whose members may be absent, as read from a file or the environment. */
declare const cfg: {
  timeout?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  apiKey?: string;
  baseUrl?: string;
  logLevel?: 'off' | 'error' | 'warn' | 'info' | 'debug';
};

const options: RequestOptions = {
  timeout: cfg.timeout,
  maxRetries: cfg.maxRetries,
  signal: cfg.signal,
  headers: cfg.headers,
};
clinic.rooms.retrieve(1, options);
clinic.appointments.create(body, { ...options, idempotencyKey: cfg.idempotencyKey });
new ClinicClient({
  apiKey: cfg.apiKey,
  baseUrl: cfg.baseUrl,
  timeout: cfg.timeout,
  maxRetries: cfg.maxRetries,
  headers: cfg.headers,
  logLevel: cfg.logLevel,
  fetch: undefined,
  logger: undefined,
  validateResponses: undefined,
  onDrift: undefined,
  maxEmptyPages: undefined,
  dangerouslyAllowBrowser: undefined,
  dangerouslyAllowHttp: undefined,
});
clinic.withOptions({ timeout: cfg.timeout });
clinic.appointments.update('id', { note: undefined, room_id: cfg.timeout ?? null });
clinic.patients.update(1, { phone: undefined, email: null });
clinic.patients.list({ name: undefined, cpf: cfg.apiKey });
