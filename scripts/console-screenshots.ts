/**
 * Regenerates the console's screenshots in docs/images/ (one per view) from a scripted session
 * against the built CLI in the system Chromium (`apt-get install chromium`):
 *
 *   npm run docs:screenshots
 *
 * The clock is fixed (--now), so every run shows the same times. With `pngquant` on the PATH
 * (`apt-get install pngquant`) the images are reduced to a palette, about a third of the size.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  book,
  control,
  createPatient,
  hasChromium,
  launchBrowser,
  startReceiver,
  startServer,
} from '../test/browser/harness.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'images');
const NOW = '2026-03-02T12:00:00Z';

if (!hasChromium()) {
  console.error('docs:screenshots needs Chromium: apt-get install -y chromium');
  process.exit(1);
}

const receiver = await startReceiver();
const server = await startServer('--seed', 'demo', '--now', NOW, '--allow-http-webhooks');
const browser = await launchBrowser({ width: 1200, height: 720 });
try {
  await control(server, 'POST', 'webhooks', {
    url: receiver.url,
    events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
  });
  const patient = await createPatient(server, 'Marina Costa');
  await book(server, { patient_id: patient.id, start_at: '2026-03-03T10:30:00' });
  await book(server, { patient_id: 2, start_at: '2026-03-03T15:00:00' });
  await fetch(`${server.baseUrl}/api/public/v1/appointments/not-a-uuid`, {
    headers: { authorization: `Bearer ${server.apiKey}` },
  });
  // A fault on the first attempt, then the client's retry (it numbers them in X-Attempt).
  await control(server, 'POST', 'faults', {
    method: 'GET',
    path: '/api/public/v1/rooms',
    status: 503,
  });
  for (const attempt of ['1', '2']) {
    await fetch(`${server.baseUrl}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${server.apiKey}`, 'x-attempt': attempt },
    });
  }
  await control(server, 'POST', 'clock/advance', { ms: 40 * 60_000 });
  receiver.status = 200;
  await control(server, 'POST', 'clock/advance', { ms: 2 * 3_600_000 });
  receiver.status = 500; // one delivery still pending, its next attempt due
  await book(server, { patient_id: 1, start_at: '2026-03-04T09:00:00' });

  const page = await browser.context.newPage();
  await page.goto(server.consoleUrl);
  await page.fill('#token', server.adminToken);
  await page.click('#login button[type=submit]');
  const shoot = async (view: string, ready: (p: Page) => Promise<unknown>) => {
    await page.click(`#tab-${view}`);
    await ready(page);
    const file = join(OUT, `console-${view}.png`);
    await page.screenshot({ path: file });
    spawnSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--output', file, file]);
    console.log(`docs/images/console-${view}.png`);
  };
  await shoot('requests', (p) => p.waitForSelector('#requests tbody tr.request'));
  await shoot('webhooks', (p) => p.waitForSelector('#deliveries .delivery'));
  await shoot('agenda', (p) => p.waitForSelector('#agenda .appointment'));
  await shoot('server', (p) => p.waitForSelector('#invariants p'));
} finally {
  await browser.close();
  server.stop();
  await receiver.close();
}
