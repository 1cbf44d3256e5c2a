/**
 * `@clinic-scheduling/sdk/webhooks` (spec 6): {@link parseWebhookEvent},
 * {@link createWebhookHandler}, {@link toNodeListener}, dedupe stores, {@link StaleEventGuard}. @module
 */

export {
  type NodeListener,
  type NodeListenerRequest,
  type NodeListenerResponse,
  toNodeListener,
} from './adapters/node.ts';
export { type ClaimResult, DEFAULT_DEDUPE_TTL_MS, type DedupeStore } from './dedupe/contract.ts';
export { MemoryDedupeStore, type MemoryDedupeStoreOptions } from './dedupe/memory.ts';
export {
  PostgresDedupeStore,
  type PostgresDedupeStoreOptions,
  type PostgresQueryable,
  type PostgresQueryResult,
} from './dedupe/postgres.ts';
export {
  type IoRedisCommandClient,
  type NodeRedisCommandClient,
  type RedisDedupeClient,
  RedisDedupeStore,
  type RedisDedupeStoreOptions,
} from './dedupe/redis.ts';
export {
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
export {
  DEFAULT_ACK_AFTER_MS,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_STORE_TIMEOUT_MS,
  type WebhookContext,
  type WebhookHandlerOptions,
  type WebhookHandlers,
  type WebhookVerifier,
} from './options.ts';
export { WEBHOOK_DELIVERY } from './policy.ts';
export {
  compareUpdatedAt,
  type Freshness,
  StaleEventGuard,
  type StaleEventGuardOptions,
  type StaleGuardInput,
} from './stale.ts';
