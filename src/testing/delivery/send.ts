/** One delivery attempt (spec 6.3), classified, never throwing. @module */
import { WEBHOOK_DELIVERY } from '../../webhooks/delivery-schedule.ts';
import type { WebhookEnvelope } from '../server/events.ts';
import { awaitWebhookUrlProblem, WebhookUrlError } from '../server/webhook-url.ts';
import type { SimulatorUrlRule } from './endpoint.ts';
import type { DeliveryAttempt, RegisterEndpointOptions, WebhookTargetHandler } from './types.ts';

/** Where requests to handler endpoints claim to go (the reserved `.invalid` domain). */
const HANDLER_URL = 'https://webhook-handler.invalid/';

export interface AttemptTarget {
  readonly url: string | undefined;
  readonly handler: WebhookTargetHandler | undefined;
  readonly headers: RegisterEndpointOptions['headers'];
  readonly sign?: RegisterEndpointOptions['sign'] | undefined;
}

export type AttemptResult = Pick<DeliveryAttempt, 'outcome' | 'status' | 'error' | 'durationMs'>;

export async function sendAttempt(
  endpoint: AttemptTarget,
  envelope: WebhookEnvelope,
  dispatchUrl: (request: Request) => Promise<Response>,
  urlRule: SimulatorUrlRule,
): Promise<AttemptResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  if (endpoint.url !== undefined) {
    let problem: string | undefined;
    try {
      problem = await awaitWebhookUrlProblem(endpoint.url, urlRule);
    } catch (error) {
      problem = `its host does not resolve (${(error as Error)?.message ?? error})`;
    }
    if (problem) {
      return {
        outcome: 'url_rejected',
        status: undefined,
        error: `refused: ${problem}`,
        durationMs: 0,
      };
    }
  }
  const body = JSON.stringify(envelope);
  const extra =
    typeof endpoint.headers === 'function'
      ? endpoint.headers(body, envelope)
      : (endpoint.headers ?? {});
  let signature: Record<string, string> = {};
  try {
    signature = (await endpoint.sign?.(body, envelope)) ?? {};
  } catch (error) {
    return {
      outcome: 'network_error',
      status: undefined,
      error: `sign threw: ${error}`,
      durationMs: 0,
    };
  }
  const controller = new AbortController();
  const request = new Request(endpoint.url ?? HANDLER_URL, {
    method: 'POST',
    // A redirect would carry the delivery to an address the rule never checked.
    redirect: 'manual',
    headers: { ...extra, ...signature, 'content-type': 'application/json' },
    body,
    signal: controller.signal,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), WEBHOOK_DELIVERY.responseTimeoutMs);
  });
  try {
    const call = endpoint.handler
      ? Promise.resolve().then(() => endpoint.handler!(request))
      : dispatchUrl(request);
    const answer = await Promise.race([call, timeout]);
    if (answer === 'timeout') {
      controller.abort();
      void call.catch(() => {});
      return {
        outcome: 'timeout',
        status: undefined,
        error: 'no answer within 10 s',
        durationMs: elapsed(),
      };
    }
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      outcome: ok ? 'success' : 'http_error',
      status: answer.status,
      error: undefined,
      durationMs: elapsed(),
    };
  } catch (error) {
    if (error instanceof WebhookUrlError) {
      return { outcome: 'url_rejected', status: undefined, error: error.message, durationMs: 0 };
    }
    return {
      outcome: 'network_error',
      status: undefined,
      error: error instanceof Error ? error.message : String(error),
      durationMs: elapsed(),
    };
  } finally {
    clearTimeout(timer);
  }
}
