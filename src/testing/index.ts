/**
 * `@clinic-scheduling/sdk/testing`: a stateful, in-memory Clinic Scheduling API v1 for tests,
 * with a node:http adapter. It does not need msw: its MSW handlers come from
 * `@clinic-scheduling/sdk/testing/msw`. See the testing guide (docs/testing.md).
 *
 * @module
 */
export { type IssueApiKeyOptions, SCOPE_PRESETS, type ScopePreset } from './auth.ts';
export { Clock, type ClockStart } from './clock.ts';
export type { RecordedRequest } from './context.ts';
export {
  type AttemptOutcome,
  createDeliverySimulator,
  type Delivery,
  type DeliveryAttempt,
  type DeliverySimulator,
  type DeliverySimulatorOptions,
  type DeliveryState,
  PING_MESSAGE,
  type RegisterEndpointOptions,
  type WebhookEndpoint,
  type WebhookTargetHandler,
  WebhookUrlError,
  webhookUrlProblem,
} from './delivery.ts';
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
export { type NodeRequestListener, toNodeListener } from './node.ts';
export type { ListEnvelopeMode, ListEnvelopeSettings, ListResource } from './pagination.ts';
export {
  generateCpf,
  type SeedAppointmentInput,
  type SeedAppointmentOptions,
  type SeedAppointmentTypeInput,
  type SeedBlockedSlotInput,
  type SeededAppointment,
  type SeededAppointmentType,
  type SeededBlockedSlot,
  type SeededPatient,
  type SeededProfessional,
  type SeededRoom,
  type SeedHelpers,
  type SeedPatientInput,
  type SeedProfessionalInput,
  type SeedRoomInput,
} from './seed.ts';
export {
  type ClinicHandle,
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from './server.ts';
export { type ClinicSettings, SCOPES, type Scope } from './store.ts';
export { CLINIC_TIME_ZONE, formatClinicInstant, parseClinicDateTime } from './time.ts';
