/**
 * `@clinic-scheduling/sdk/webhooks` (spec 6): {@link parseWebhookEvent},
 * {@link createWebhookHandler} (with a queue: {@link createWebhookWorker}, {@link MemoryWebhookQueue}),
 * {@link toNodeListener}, {@link fastifyWebhooks}, dedupe and ordering stores,
 * {@link StaleEventGuard}, {@link reconcileAppointments}. @module
 */

export {
  type FastifyWebhookInstance,
  type FastifyWebhookOptions,
  type FastifyWebhookReply,
  type FastifyWebhookRequest,
  fastifyWebhooks,
} from './adapters/fastify.ts';
export {
  type NodeListener,
  type NodeListenerRequest,
  type NodeListenerResponse,
  toNodeListener,
} from './adapters/node.ts';
export { type ClaimResult, DEFAULT_DEDUPE_TTL_MS, type DedupeStore } from './dedupe/contract.ts';
export { MemoryDedupeStore, type MemoryDedupeStoreOptions } from './dedupe/memory.ts';
export { PostgresDedupeStore, type PostgresDedupeStoreOptions } from './dedupe/postgres.ts';
export { RedisDedupeStore, type RedisDedupeStoreOptions } from './dedupe/redis.ts';
export { WEBHOOK_DELIVERY } from './delivery-schedule.ts';
export {
  WebhookEventTooOldError,
  WebhookJobTimeoutError,
  WebhookNotProcessedError,
  WebhookPayloadError,
  WebhookVerificationError,
} from './errors.ts';
export {
  APPOINTMENT_EVENT_TYPES,
  type AppointmentCancelledEvent,
  AppointmentCancelledEventSchema,
  type AppointmentCreatedEvent,
  AppointmentCreatedEventSchema,
  type AppointmentEvent,
  type AppointmentEventType,
  type AppointmentUpdatedEvent,
  AppointmentUpdatedEventSchema,
  isAppointmentEvent,
  isPing,
  type PingData,
  type PingEvent,
  PingEventSchema,
  parseWebhookEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookBody,
  type WebhookEvent,
  type WebhookEventOf,
  WebhookEventSchema,
  type WebhookEventType,
} from './events.ts';
export { createWebhookHandler, type WebhookHandler } from './handler.ts';
export { WEBHOOK_METRICS } from './metrics.ts';
export {
  DEFAULT_ACK_AFTER_MS,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_EVENT_AGE_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  type WebhookContext,
  type WebhookHandlerOptions,
  type WebhookHandlers,
  type WebhookVerifier,
} from './options.ts';
export { type NewestState, type OrderingStore, recordApplied } from './ordering/contract.ts';
export { MemoryOrderingStore, type MemoryOrderingStoreOptions } from './ordering/memory.ts';
export { PostgresOrderingStore, type PostgresOrderingStoreOptions } from './ordering/postgres.ts';
export { RedisOrderingStore, type RedisOrderingStoreOptions } from './ordering/redis.ts';
export {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_QUEUE_ATTEMPTS,
  DEFAULT_QUEUE_BACKOFF_MS,
  DEFAULT_QUEUE_RETENTION_MS,
  type DeadLetter,
  type DeadLetterKind,
  type StoredWebhookJob,
  type WebhookConsumeOptions,
  type WebhookConsumer,
  type WebhookJob,
  type WebhookJobAttempt,
  type WebhookJobResult,
  type WebhookQueue,
  type WebhookQueueDepth,
  type WebhookRetryOptions,
  type WebhookTask,
  type WebhookTraceContext,
} from './queue/contract.ts';
export { MemoryWebhookQueue } from './queue/memory.ts';
export {
  type ReconcileClient,
  type ReconcileOptions,
  type ReconcileResult,
  reconcileAppointments,
} from './reconcile.ts';
export type { WebhookLogOptions } from './shared/logging.ts';
export type { PostgresQueryable, PostgresQueryResult } from './shared/postgres-sql.ts';
export type {
  IoRedisCommandClient,
  NodeRedisCommandClient,
  RedisDedupeClient,
} from './shared/redis-client.ts';
export {
  compareUpdatedAt,
  type Freshness,
  MAX_UPDATED_AT_AHEAD_MS,
  StaleEventGuard,
  type StaleEventGuardOptions,
  type StaleGuardInput,
} from './stale.ts';
export type {
  WebhookMeter,
  WebhookMetricAttributes,
  WebhookOpenTelemetryApi,
  WebhookOutcome,
} from './telemetry.ts';
export {
  createWebhookWorker,
  type WebhookJobContext,
  type WebhookReconcileSchedule,
  type WebhookWorker,
  type WebhookWorkerHandlers,
  type WebhookWorkerHealth,
  type WebhookWorkerOptions,
} from './worker.ts';
