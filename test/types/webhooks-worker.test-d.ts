/**
 * Issue 38 and issue 37 item 7, as types: a `ClinicClient` is what `reconcileAppointments` and
 * the worker's `reconcile` take; `MemoryWebhookQueue` is a `WebhookQueue` for the handler and the
 * worker; the `@opentelemetry/api` module and a pino-like logger are what both take.
 */
import type * as otel from '@opentelemetry/api';
import { expectTypeOf } from 'expect-type';
import type { ClinicClient, Logger } from '../../src/index.ts';
import {
  createWebhookHandler,
  createWebhookWorker,
  MemoryWebhookQueue,
  type ReconcileClient,
  type ReconcileResult,
  reconcileAppointments,
  type WebhookOpenTelemetryApi,
  type WebhookQueue,
  type WebhookWorker,
  type WebhookWorkerHealth,
} from '../../src/webhooks/index.ts';

declare const clinic: ClinicClient;
declare const ordering: Parameters<typeof reconcileAppointments>[0]['ordering'];
expectTypeOf(clinic).toMatchTypeOf<ReconcileClient>();
expectTypeOf(
  reconcileAppointments({ client: clinic, ordering, apply: () => {} }),
).resolves.toEqualTypeOf<ReconcileResult>();

const queue = new MemoryWebhookQueue();
expectTypeOf(queue).toMatchTypeOf<WebhookQueue>();
expectTypeOf<typeof otel>().toMatchTypeOf<WebhookOpenTelemetryApi>();
declare const api: typeof otel;
declare const logger: Logger;
createWebhookHandler({ verify: 'unsigned', queue, openTelemetry: api, logger, logLevel: 'info' });
const worker = createWebhookWorker({
  queue,
  ordering,
  openTelemetry: api,
  logger,
  reconcile: { client: clinic, apply: (appointment) => appointment.id, everyMs: 3_600_000 },
});
expectTypeOf(worker).resolves.toEqualTypeOf<WebhookWorker>();
expectTypeOf<Awaited<ReturnType<WebhookWorker['health']>>>().toEqualTypeOf<WebhookWorkerHealth>();
// @ts-expect-error logLevel is one of the client's levels
createWebhookHandler({ verify: 'unsigned', logLevel: 'loud' });
