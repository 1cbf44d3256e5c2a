// A CommonJS file (.cjs): `require` of the four entries resolves the "require" condition (the
// .cjs builds). ky, uuid and msw 3 are ES modules only: Node >= 22.12 loads them with
// require(esm).
'use strict';
const sdk = require('@clinic-scheduling/sdk');
const testing = require('@clinic-scheduling/sdk/testing');
const testingMsw = require('@clinic-scheduling/sdk/testing/msw');
const webhooks = require('@clinic-scheduling/sdk/webhooks');
const mswNode = require('msw/node');
const msw = require('msw/package.json');
const scenario = require('../shared/scenario.cjs');

scenario({
  label: 'cjs',
  sdk,
  testing,
  testingMsw,
  webhooks,
  mswNode,
  mswVersion: msw.version,
}).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
