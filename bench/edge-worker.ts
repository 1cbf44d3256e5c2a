// The worker bench/edge-weight.ts bundles: a Cloudflare-style module worker that imports only
// ClinicClient and lists rooms, as an edge application would.
import { ClinicClient } from '@clinic-scheduling/sdk';

export default {
  async fetch(_request: Request, env: { CLINIC_API_KEY: string; CLINIC_BASE_URL: string }) {
    const clinic = new ClinicClient({ apiKey: env.CLINIC_API_KEY, baseUrl: env.CLINIC_BASE_URL });
    const rooms = await clinic.rooms.list().toArray({ limit: 100 });
    return Response.json(rooms);
  },
};
