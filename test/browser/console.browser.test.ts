/**
 * The console (`/__control/ui/`) in Debian's Chromium against the built CLI. Every wait is for
 * something the page shows, with a generous timeout; nothing asserts how long it took.
 * `npm run test:browser`; CI runs it. Without Chromium it is skipped with one line, and under
 * CI=true its absence fails.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisSuiteMode } from '../helpers/redis.ts';
import {
  book,
  CHROMIUM,
  control,
  createPatient,
  hasChromium,
  launchBrowser,
  type RunningServer,
  startReceiver,
  startServer,
} from './harness.ts';

const INSTALL = 'apt-get update && apt-get install -y chromium';
const WAIT = { timeout: 30_000 };
const MINUTE = 60_000;
const SPEC_OFFSETS_MIN = [0, 1, 6, 36, 156, 516]; // spec 6.3: 1 min, 5 min, 30 min, 2 h, 6 h
const EVENTS = ['appointment.created', 'appointment.updated', 'appointment.cancelled'];

/** `YYYY-MM-DD hh:mm:ss` in UTC, as the console shows server instants. */
const shown = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

function suite() {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let server: RunningServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let page: Page;
  const requests: Request[] = [];
  const consoleErrors: string[] = [];
  const dialogs: string[] = [];

  const clockMs = async () => ((await control(server, 'GET', 'clock')) as { ms: number }).ms;

  async function open(view: string) {
    await page.click(`#tab-${view}`);
    await page.waitForSelector(`#view-${view}`, WAIT);
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer(
      '--seed',
      'demo',
      '--now',
      '2026-03-02T12:00:00Z',
      '--allow-http-webhooks',
    );
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('request', (r) => requests.push(r));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    // The page asks to confirm a removal or a reset; an alert would be injected script.
    page.on('dialog', (d) => {
      if (d.type() === 'confirm') return void d.accept();
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Run by the browser's DevTools protocol, so the page's CSP does not apply to it.
    await page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
  });

  afterAll(async () => {
    await browser?.close();
    server?.stop();
    await receiver?.close();
  });

  beforeEach(async () => {
    if (!server) return;
    await control(server, 'POST', 'reset');
    await control(server, 'POST', 'webhooks', { url: receiver.url, events: EVENTS });
    receiver.status = 500;
  });

  it('asks for the admin token once and sends it only as an Authorization header', async () => {
    const answer = await page.goto(server.consoleUrl);
    const csp = answer!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');

    await page.fill('#token', 'not-the-token');
    await page.click('#login button[type=submit]');
    await page.waitForSelector('#login .error:not(:empty)', WAIT);
    expect(await page.isVisible('#tabs')).toBe(false);

    await page.fill('#token', server.adminToken);
    await page.click('#login button[type=submit]');
    await page.waitForSelector('#view-requests', WAIT);
    await expect.poll(() => page.textContent('#clock'), WAIT).toContain('2026-03-02');

    // Kept for this tab only: a reload opens the console without asking again.
    await page.reload();
    await page.waitForSelector('#view-requests', WAIT);
    expect(await browser.context.cookies()).toEqual([]);
  });

  it('shows a booking made through the API in the request log and the agenda, no reload', async () => {
    await open('requests');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const patient = await createPatient(server, 'Marina Costa');
    await book(server, { patient_id: patient.id, start_at: '2026-03-03T10:30:00' });
    const row = page.locator('#requests tr.request', {
      has: page.locator('td.path', { hasText: /^\/api\/public\/v1\/appointments$/ }),
    });
    await row.first().waitFor(WAIT);
    expect(await row.first().locator('td.method').textContent()).toBe('POST');
    expect(await row.first().locator('td.status').textContent()).toBe('201');
    expect(await row.first().locator('td.time').textContent()).toBe(shown(await clockMs()));
    expect(await row.first().locator('td.duration').textContent()).toMatch(/^\d+ ms$/);
    expect(await row.first().locator('td.outcome').textContent()).toBe('');

    // The request's headers, its key masked as in the JSON log.
    await row.first().click();
    const headers = await page.locator('#requests pre.headers').first().textContent();
    expect(headers).toMatch(/^authorization: /m);
    expect(headers).not.toContain(server.apiKey.split('.')[1]);

    await open('agenda');
    await page.locator('#agenda .appointment', { hasText: 'Marina Costa' }).waitFor(WAIT);
    const booked = await book(server, { patient_id: 2, start_at: '2026-03-03T15:00:00' });
    const card = page.locator(`#agenda [data-appointment="${booked.id}"]`);
    await card.waitFor(WAIT);
    expect(await card.locator('.patient').textContent()).toBe('Bruno Lima');
    expect(await card.locator('.when').textContent()).toBe('15:00–15:30');
    expect(await card.getAttribute('data-status')).toBe('scheduled');
    expect(await card.locator('.origin').textContent()).toBe('api');
    const column = page.locator(
      `#agenda [data-day="2026-03-03"] .professional:has([data-appointment="${booked.id}"])`,
    );
    expect(await column.locator('h4').textContent()).toContain('Dra. Helena Prado');

    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
  });

  it('injects a fault from the page and shows its outcome in the filtered log', async () => {
    await open('server');
    await page.fill(
      '#fault-spec',
      JSON.stringify({ method: 'POST', path: '/api/public/v1/patients', status: 503 }),
    );
    await page.click('#faults-card button:has-text("Inject")');
    await page.locator('#faults tbody tr', { hasText: 'answers 503' }).waitFor(WAIT);

    const answer = await fetch(`${server.baseUrl}/api/public/v1/patients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Faulted Patient' }),
    });
    expect(answer.status).toBe(503);
    await createPatient(server, 'Served Patient');

    await open('requests');
    await page.locator('#requests tr.request td.status', { hasText: '503' }).waitFor(WAIT);
    await page.selectOption('#request-status', 'outcome');
    const rows = page.locator('#requests tr.request');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    expect(await rows.first().locator('td.status').textContent()).toBe('503');
    expect(await rows.first().locator('td.outcome').textContent()).toBe('fault: status');
    await page.selectOption('#request-status', '');
    await page.fill('#request-filter', 'patients');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await page.fill('#request-filter', '');
  });

  it('shows each delivery attempt at the spec schedule after a clock advance', async () => {
    const t0 = await clockMs();
    await book(server, { patient_id: 1, start_at: '2026-03-03T11:00:00' });
    await open('webhooks');
    const delivery = page.locator('#deliveries .delivery').first();
    await delivery.locator('[data-attempt="1"][data-outcome="http_error"]').waitFor(WAIT);
    expect(await delivery.locator('.next-at').textContent()).toContain(shown(t0 + MINUTE));
    expect(await delivery.locator('[data-attempt="2"] .result').textContent()).toBe('next');

    await open('server');
    await page.fill('#clock-minutes', String(9 * 60));
    await page.click('#clock-card form:has(#clock-minutes) button');
    await expect.poll(() => page.textContent('#server-now'), WAIT).toBe(shown(t0 + 540 * MINUTE));

    await open('webhooks');
    await page.locator('#deliveries .delivery[data-state="exhausted"]').waitFor(WAIT);
    const slots = page.locator('#deliveries .delivery[data-state="exhausted"] .slot');
    expect(await slots.count()).toBe(6);
    for (const [i, minutes] of SPEC_OFFSETS_MIN.entries()) {
      const slot = slots.nth(i);
      expect(await slot.getAttribute('data-attempt')).toBe(String(i + 1));
      expect(await slot.getAttribute('data-outcome')).toBe('http_error');
      expect(await slot.locator('.at').textContent()).toBe(shown(t0 + minutes * MINUTE));
      expect(await slot.locator('.result').textContent()).toContain('500');
    }
    expect(await page.textContent('#endpoints td.failures')).toBe('1 / 20');
  });

  it('pings, disables and enables an endpoint from the page', async () => {
    receiver.status = 200;
    await open('webhooks');
    const endpoint = page.locator('#endpoints tr[data-endpoint]');
    await endpoint.waitFor(WAIT);
    await endpoint.locator('button.ping').click();
    await expect.poll(() => page.textContent('#webhook-notice'), WAIT).toContain('success');
    await page
      .locator('#deliveries .delivery[data-state="succeeded"]', { hasText: 'ping' })
      .waitFor(WAIT);
    expect(receiver.received.some((e) => e.type === 'ping')).toBe(true);

    await endpoint.locator('button.disable').click();
    await page.locator('#endpoints tr[data-enabled="false"]').waitFor(WAIT);
    expect(await endpoint.locator('td.state').textContent()).toMatch(/^disabled .* UTC, by hand$/);
    expect(await endpoint.locator('button.ping').isDisabled()).toBe(true);
    const listed = (await control(server, 'GET', 'webhooks')) as {
      endpoints: { enabled: boolean }[];
    };
    expect(listed.endpoints[0]!.enabled).toBe(false);

    await endpoint.locator('button.enable').click();
    await page.locator('#endpoints tr[data-enabled="true"]').waitFor(WAIT);
    expect(await endpoint.locator('td.state').textContent()).toBe('enabled');
  });

  it('registers and removes an endpoint from the page', async () => {
    await open('webhooks');
    await page.locator('#endpoints tr[data-endpoint]').waitFor(WAIT);
    await page.fill('#endpoint-url', `${receiver.url}/second`);
    await page.click('#register button[type=submit]');
    const second = page.locator('#endpoints tr[data-endpoint]', { hasText: '/second' });
    await second.waitFor(WAIT);
    const id = await second.getAttribute('data-endpoint');
    const listed = (await control(server, 'GET', 'webhooks')) as {
      endpoints: { id: string; url: string; events: string[] }[];
    };
    expect(listed.endpoints.find((e) => e.id === id)).toMatchObject({
      url: `${receiver.url}/second`,
      events: EVENTS,
    });

    await second.locator('button.remove').click();
    await page
      .locator(`#endpoints tr[data-endpoint="${id}"]`)
      .waitFor({ state: 'detached', ...WAIT });
    const after = (await control(server, 'GET', 'webhooks')) as { endpoints: { id: string }[] };
    expect(after.endpoints.map((e) => e.id)).not.toContain(id);
  });

  it('renders clinic text as text: a patient named like markup stays a string', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const patient = await createPatient(server, name);
    const booked = await book(server, { patient_id: patient.id, start_at: '2026-03-03T16:00:00' });
    await open('agenda');
    const card = page.locator(`#agenda [data-appointment="${booked.id}"]`);
    await card.waitFor(WAIT);
    expect(await card.locator('.patient').textContent()).toBe(name);
    const row = page.locator(`#patients tr[data-patient="${patient.id}"] td.name`);
    expect(await row.textContent()).toBe(name);
    expect(await page.locator('main img').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  it('kept the token out of every URL and sent it on every control request', async () => {
    const token = server.adminToken;
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.url()).not.toContain(token);
    const controlRequests = requests.filter((r) => {
      const path = new URL(r.url()).pathname;
      return path.startsWith('/__control/') && !path.startsWith('/__control/ui');
    });
    expect(controlRequests.length).toBeGreaterThan(0);
    for (const r of controlRequests) {
      expect(r.resourceType()).toBe('fetch');
      expect((await r.allHeaders()).authorization).toMatch(/^Bearer \S+$/);
    }
  });

  it('met no Content-Security-Policy violation and logged no error', async () => {
    const violations = await page.evaluate(
      () => (window as unknown as { violations: string[] }).violations,
    );
    expect(violations).toEqual([]);
    // The deliberately wrong token of the first test is the one refused request.
    expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
  });
}

const mode = redisSuiteMode(hasChromium(), process.env);
describe('the console in Chromium', () => {
  if (mode === 'run') return suite();
  if (mode === 'fail') {
    it('needs Chromium (CI is set, so its absence is a failure)', () => {
      throw new Error(`${CHROMIUM} is missing: ${INSTALL}`);
    });
    return;
  }
  console.warn(`[browser] SKIPPED the console in Chromium: ${CHROMIUM} is missing. ${INSTALL}`);
  it.skip('needs Chromium', () => {});
});
