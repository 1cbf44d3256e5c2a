/** A delivery simulator over a clock and a hand-driven event source, for the delivery tests. */

import { createDeliverySimulator } from '../../src/testing/delivery/simulator.ts';
import type { DeliverySimulatorOptions } from '../../src/testing/delivery/types.ts';
import { Clock } from '../../src/testing/server/clock.ts';
import { createEnvelope, type WebhookEnvelope } from '../../src/testing/server/events.ts';
import type { AppointmentEventType } from '../../src/webhooks/events.ts';
import { appointmentWire } from '../fixtures.ts';

/** A clock at `start`, an event source and a simulator over them; `emit` sends one envelope. */
export function setupSimulator(start: number, options: Partial<DeliverySimulatorOptions> = {}) {
  const clock = new Clock(start);
  const listeners = new Set<(envelope: WebhookEnvelope) => void>();
  const webhooks = createDeliverySimulator({
    clock,
    onEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...options,
  });
  const emit = (type: AppointmentEventType = 'appointment.created', companyId = 1) => {
    const envelope = createEnvelope(type, companyId, appointmentWire(), clock.now());
    for (const listener of listeners) listener(envelope);
    return envelope;
  };
  return { clock, webhooks, emit, listeners };
}
