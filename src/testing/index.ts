/** `@clinic-scheduling/sdk/testing`: an in-memory, stateful API v1 for tests, without msw (its
 * handlers are in `@clinic-scheduling/sdk/testing/msw`); see docs/testing.md. @module */

export { type NodeRequestListener, referenceServerListener } from './adapters/node.ts';
export {
  CONTROL_ROUTES,
  type ControlOptions,
  type ControlRoute,
  createControlHandler,
} from './cli/control.ts';
export { CONTROL_PREFIX } from './cli/prefix.ts';
export { type SignatureOptions, SignatureSpec } from './delivery/signature.ts';
export { createDeliverySimulator, PING_MESSAGE } from './delivery/simulator.ts';
export type {
  AttemptOutcome,
  Delivery,
  DeliveryAttempt,
  DeliveryChaosOptions,
  DeliveryConfiguration,
  DeliverySimulator,
  DeliverySimulatorOptions,
  DeliveryState,
  DeliveryUrlRuleOptions,
  DisabledReason,
  RegisterEndpointOptions,
  WebhookEndpoint,
  WebhookTargetHandler,
} from './delivery/types.ts';
export {
  type Observability,
  PROBE_CATALOGUE,
  type ProbeCatalogueItem,
  type ProbeItemId,
} from './probe/catalogue.ts';
export {
  type ProbeOptions,
  type ProbeResult,
  runProbe,
  type WriteOptions,
} from './probe/probe.ts';
export {
  type Confidence,
  type CreatedCounts,
  type Finding,
  formatReport,
  type ProbeReport,
  type ProbeSettingsDocument,
  type SettingValue,
} from './probe/report.ts';
export { type ProbeKey, ProbeStop } from './probe/transport.ts';
export type { CreatedRecord, WriteTarget } from './probe/write.ts';
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
  StaffChangeInput,
} from './seed/types.ts';
export type { AppointmentFilter } from './server/appointment-filters.ts';
export { type IssueApiKeyOptions, SCOPE_PRESETS, type ScopePreset } from './server/auth.ts';
export type { Chaos, ChaosSpec, ChaosStats } from './server/chaos.ts';
export { Clock, type ClockStart } from './server/clock.ts';
export type {
  DuplicatePolicy,
  OriginPolicy,
  RecordedRequest,
  RequestOutcome,
} from './server/context.ts';
export {
  type ClinicHandle,
  createReferenceServer,
  DEFAULT_LOG_BYTES,
  DEFAULT_LOG_LIMIT,
  DEFAULT_MAX_BODY_BYTES,
  type ReferenceServer,
  type ReferenceServerOptions,
} from './server/create.ts';
export {
  type AppointmentEventEnvelope,
  type AppointmentEventType,
  createEnvelope,
  type EventListener,
  type PingEventEnvelope,
  type WebhookEnvelope,
  type WebhookEventType,
} from './server/events.ts';
export {
  type Fault,
  type FaultInjector,
  type FaultSpec,
  isReferenceNetworkError,
  ReferenceNetworkError,
} from './server/faults.ts';
export type { ReferenceFetch, ReferenceServe, SocketFacts } from './server/fetch.ts';
export {
  checkInvariants,
  type InvariantName,
  type InvariantReport,
  type InvariantViolation,
} from './server/invariants.ts';
export type { LinkOrigin } from './server/links.ts';
export type { ListEnvelopeMode, ListEnvelopeSettings, ListResource } from './server/lists.ts';
export type { ClinicRecords } from './server/records.ts';
export {
  ServerSettings,
  type ServerSettingsPatch,
} from './server/settings-document.ts';
export type { PatientField } from './server/settings-patients.ts';
export { type ClinicSettings, type RateLimit, SCOPES, type Scope } from './server/store.ts';
export { CLINIC_TIME_ZONE, formatClinicInstant, parseClinicDateTime } from './server/time.ts';
export {
  IPV4_SPECIAL_RANGES,
  IPV6_SPECIAL_RANGES,
  type SpecialRange,
  WebhookUrlError,
  type WebhookUrlRuleOptions,
  webhookUrlProblem,
} from './server/webhook-url.ts';
