// An ES module (.mjs): `import` of the three entries resolves the "import" condition.
import * as sdk from '@clinic-scheduling/sdk';
import * as testing from '@clinic-scheduling/sdk/testing';
// The MSW adapter's entry (to become '@clinic-scheduling/sdk/testing/msw').
import { createHandlers } from '@clinic-scheduling/sdk/testing';
import * as webhooks from '@clinic-scheduling/sdk/webhooks';
import * as mswNode from 'msw/node';
import msw from 'msw/package.json' with { type: 'json' };
import scenario from '../shared/scenario.cjs';

await scenario({
  label: 'esm',
  sdk,
  testing,
  webhooks,
  createHandlers,
  mswNode,
  mswVersion: msw.version,
});
