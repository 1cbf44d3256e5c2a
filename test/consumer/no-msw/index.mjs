// No msw installed: /testing and api.fetch work from the ES module build, and the one entry
// that needs msw, /testing/msw, fails with an error that says how to install it.
import assert from 'node:assert/strict';
import { ClinicClient } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';

await assert.rejects(import('msw'), { code: 'ERR_MODULE_NOT_FOUND' }); // really not installed
const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey(),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});
const rooms = [];
for await (const room of clinic.rooms.list()) rooms.push(room.name);
assert.equal(rooms.length, 3);
assert.equal('handlers' in api, false);
await assert.rejects(import('@clinic-scheduling/sdk/testing/msw'), (error) => {
  assert.match(error.message, /needs msw .* run `npm i -D msw`/);
  return true;
});
console.log(`ok no-msw (esm): ${rooms.length} rooms through api.fetch; /testing/msw asks for msw`);
