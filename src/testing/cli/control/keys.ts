/** Control routes of API keys (`api.issueApiKey`, `api.revokeApiKey`). @module */
import * as z from 'zod';
import { KeyOptions } from '../../server/control-inputs.ts';
import { ControlError, clinicOf, created, readBody, route, WithClinic } from './shared.ts';

const KeyRequest = z.strictObject({ ...KeyOptions.shape, ...WithClinic });
const RevokeRequest = z.strictObject({ key: z.string().max(500) });

export const KEY_ROUTES = {
  'POST /keys': route(
    'issues an API key (scopes or preset)',
    async ({ api }, request, url) => {
      const { clinic, ...keyOptions } = await readBody(request, KeyRequest, 'key');
      return created({ key: api.clinic(clinicOf(url, { clinic })).issueApiKey(keyOptions) });
    },
    { clinic: true },
  ),
  'POST /keys/revoke': route('revokes an API key (404 if unknown)', async ({ api }, request) => {
    const { key } = await readBody(request, RevokeRequest, 'body');
    // The key is never quoted back: it may be a live secret pasted by mistake.
    if (!api.revokeApiKey(key)) {
      throw new ControlError(404, 'No such API key (never issued, or already revoked).');
    }
    return { revoked: true };
  }),
};
