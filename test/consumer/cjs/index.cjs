// A CommonJS file (.cjs): `require` of the three entries resolves the "require" condition (the
// .cjs builds). ky, uuid and msw 3 are ES modules only: Node >= 22.12 loads them with
// require(esm).
'use strict';
const sdk = require('@clinic-scheduling/sdk');
const testing = require('@clinic-scheduling/sdk/testing');
const webhooks = require('@clinic-scheduling/sdk/webhooks');
// The MSW adapter's entry (to become '@clinic-scheduling/sdk/testing/msw').
const { createHandlers } = require('@clinic-scheduling/sdk/testing');
const mswNode = require('msw/node');
const msw = require('msw/package.json');
const scenario = require('../shared/scenario.cjs');

scenario({
  label: 'cjs',
  sdk,
  testing,
  webhooks,
  createHandlers,
  mswNode,
  mswVersion: msw.version,
}).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
