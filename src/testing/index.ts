/**
 * `@clinic-scheduling/sdk/testing`: a stateful, in-memory Clinic Scheduling API v1 for tests,
 * with a node:http adapter. It does not need msw: its MSW handlers come from
 * `@clinic-scheduling/sdk/testing/msw`. See the testing guide (docs/testing.md).
 *
 * @module
 */
export { type IssueApiKeyOptions, SCOPE_PRESETS, type ScopePreset } from './auth.ts';
export type { Chaos, ChaosSpec, ChaosStats } from './chaos.ts';
export { Clock, type ClockStart } from './clock.ts';
export type { DuplicatePolicy, OriginPolicy, RecordedRequest } from './context.ts';
export { CONTROL_PREFIX, type ControlOptions, createControlHandler } from './control.ts';
export { createDeliverySimulator, PING_MESSAGE } from './delivery/simulator.ts';
export type {
  AttemptOutcome,
  Delivery,
  DeliveryAttempt,
  DeliveryChaosOptions,
  DeliverySimulator,
  DeliverySimulatorOptions,
  DeliveryState,
  RegisterEndpointOptions,
  WebhookEndpoint,
  WebhookTargetHandler,
} from './delivery/types.ts';
export {
  type AppointmentEventEnvelope,
  type AppointmentEventType,
  createEnvelope,
  type EventListener,
  type PingEventEnvelope,
  type WebhookEnvelope,
  type WebhookEventType,
} from './events.ts';
export {
  type Fault,
  type FaultInjector,
  type FaultSpec,
  isReferenceNetworkError,
  ReferenceNetworkError,
} from './faults.ts';
export type { ReferenceFetch } from './fetch.ts';
export {
  checkInvariants,
  type InvariantName,
  type InvariantReport,
  type InvariantViolation,
} from './invariants.ts';
export type { LinkOrigin } from './links.ts';
export { type NodeRequestListener, referenceServerListener } from './node.ts';
export type { ListEnvelopeMode, ListEnvelopeSettings, ListResource } from './pagination.ts';
export { generateCpf } from './seed/demo.ts';
export { applySeedDocument, type SeedKind, type SeedResult } from './seed/document.ts';
export type {
  SeedAppointmentInput,
  SeedAppointmentOptions,
  SeedAppointmentTypeInput,
  SeedBlockedSlotInput,
  SeededAppointment,
  SeededAppointmentType,
  SeededBlockedSlot,
  SeededPatient,
  SeededProfessional,
  SeededRoom,
  SeedHelpers,
  SeedPatientInput,
  SeedProfessionalInput,
  SeedRoomInput,
} from './seed/types.ts';
export {
  type ClinicHandle,
  createReferenceServer,
  DEFAULT_LOG_BYTES,
  DEFAULT_LOG_LIMIT,
  DEFAULT_MAX_BODY_BYTES,
  type ReferenceServer,
  type ReferenceServerOptions,
} from './server.ts';
export { type ClinicSettings, SCOPES, type Scope } from './store.ts';
export { CLINIC_TIME_ZONE, formatClinicInstant, parseClinicDateTime } from './time.ts';
export {
  IPV4_SPECIAL_RANGES,
  IPV6_SPECIAL_RANGES,
  type SpecialRange,
  WebhookUrlError,
  type WebhookUrlRuleOptions,
  webhookUrlProblem,
} from './webhook-url.ts';
