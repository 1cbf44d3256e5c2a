// No msw installed: /testing and api.fetch work from the CommonJS build, and the one entry
// that needs msw, /testing/msw, fails with an error that says how to install it.
'use strict';
const assert = require('node:assert/strict');
const { ClinicClient } = require('@clinic-scheduling/sdk');
const { createReferenceServer } = require('@clinic-scheduling/sdk/testing');

assert.throws(() => require('msw'), { code: 'MODULE_NOT_FOUND' }); // really not installed
const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey(),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});
assert.throws(
  () => require('@clinic-scheduling/sdk/testing/msw'),
  /needs msw .* run `npm i -D msw`/,
);
clinic.rooms.list().then(
  (page) => {
    assert.equal(page.results.length, 3);
    console.log(
      `ok no-msw (cjs): ${page.results.length} rooms through api.fetch; /testing/msw asks for msw`,
    );
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
