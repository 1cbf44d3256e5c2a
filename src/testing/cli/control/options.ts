/** What the control API is made with; its own module so each family of routes can name it. @module */
import type { DeliveryUrlRuleOptions } from '../../delivery/types.ts';
import type { ReferenceServer } from '../../server/create.ts';

/** What `createControlHandler` takes. */
export interface ControlOptions {
  /** The server it controls. */
  readonly api: ReferenceServer;
  /** The admin token: `Authorization: Bearer <token>`. */
  readonly token: string;
  /** Runs after `api.reset()` on `POST /__control/reset` (the CLI re-applies its seed file). */
  readonly afterReset?: () => void;
  /** Host → addresses, before DNS, for `GET`/`PUT /__control/hosts` (else 404); reset restores it. */
  readonly hosts?: Map<string, readonly string[]>;
  /** Checks a URL before `POST /__control/webhooks`; reject with a `WebhookUrlError` to refuse. */
  readonly checkWebhookUrl?: (url: string) => Promise<unknown>;
  /**
   * Host names (or addresses) the control API answers besides loopback (`localhost`, 127.0.0.0/8,
   * `::1`), such as a compose service's name; any other `Host` is 403, so a page that rebinds its
   * own name to this machine cannot reach it. The API routes answer any `Host`.
   */
  readonly allowedHosts?: readonly string[];
  /** How the refusal tells the user to allow a host (the CLI names its flag and variable). */
  readonly allowHostHint?: string;
  /**
   * The most `PATCH /__control/server-settings` may open webhook targets: `allowLoopbackHttp`
   * and the `allowHttpHosts` names past these are 403. Default: what `api.webhooks.urlRule`
   * holds when the handler is made (the CLI: what its start flags opened).
   */
  readonly webhookOpenings?: DeliveryUrlRuleOptions;
  /** How that refusal tells the user to open a target (the CLI names its flag). */
  readonly openingsHint?: string;
}
