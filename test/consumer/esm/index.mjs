// An ES module (.mjs): `import` of the four entries resolves the "import" condition.
import * as sdk from '@clinic-scheduling/sdk';
import * as testing from '@clinic-scheduling/sdk/testing';
import * as testingMsw from '@clinic-scheduling/sdk/testing/msw';
import * as webhooks from '@clinic-scheduling/sdk/webhooks';
import * as mswNode from 'msw/node';
import msw from 'msw/package.json' with { type: 'json' };
import scenario from '../shared/scenario.cjs';

await scenario({
  label: 'esm',
  sdk,
  testing,
  testingMsw,
  webhooks,
  mswNode,
  mswVersion: msw.version,
});
