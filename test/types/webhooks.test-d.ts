/**
 * Issue 20: `verify` is required by the type of `createWebhookHandler`'s options (the runtime
 * check is in test/webhooks/handler-verify.test.ts), and `PostgresDedupeStore` takes a `pg` Pool as
 * it is.
 */
import { expectTypeOf } from 'expect-type';
import pg from 'pg';
import type { Appointment } from '../../src/index.ts';
import {
  createWebhookHandler,
  type Freshness,
  PostgresDedupeStore,
  type StaleEventGuard,
  type WebhookHandlerOptions,
} from '../../src/webhooks/index.ts';

// @ts-expect-error verify is required: a signature check, or 'unsigned' in local tests
createWebhookHandler({ on: {} });
// @ts-expect-error only 'unsigned' opts out
createWebhookHandler({ verify: 'none' });
createWebhookHandler({ verify: 'unsigned' });
createWebhookHandler({ verify: (_request, rawBody) => rawBody.byteLength > 0 });
expectTypeOf<WebhookHandlerOptions['verify']>().not.toEqualTypeOf<undefined>();

new PostgresDedupeStore({ pool: new pg.Pool() });
new PostgresDedupeStore({ pool: new pg.Client() });

declare const guard: StaleEventGuard;
expectTypeOf<Freshness>().toEqualTypeOf<'newer' | 'same' | 'unordered' | 'older'>();
expectTypeOf(guard.resolve).returns.resolves.toEqualTypeOf<Appointment | undefined>();
