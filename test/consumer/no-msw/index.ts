// A TypeScript project without msw: the /testing entry's declarations type-check (skipLibCheck
// off) without msw's types, and the reference server backs the client through api.fetch.
import { ClinicClient, type Room } from '@clinic-scheduling/sdk';
import { createReferenceServer, type ReferenceServer } from '@clinic-scheduling/sdk/testing';

const api: ReferenceServer = createReferenceServer({ baseUrl: 'https://clinic.test' });
api.seed.room({ name: 'Sala 1' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey(),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});
const rooms: Room[] = (await clinic.rooms.list()).results;
console.log(`ok no-msw (ts): ${rooms.map((room) => room.name).join(', ')}`);
