import { randomUUID } from 'node:crypto';

import { json, startProviderStandIn, type RecordedRequest, type StandInServer } from './provider-standin.js';

/**
 * A local stand-in for Ringy's lead vendor API: `POST {base}/leads/new-lead` with a JSON body
 * holding the account's `sid` and `authToken` beside the lead's fields (phone_number required).
 * Wrong credentials answer 401, a lead without a phone 400 with a message, success 200 with the
 * `vendorResponseId` Ringy gives each lead. Accounts are registered by the test.
 */
export type RingyStandIn = StandInServer & {
  /** The API base to configure (RINGY_API_BASE). */
  readonly apiBase: string;
  /** Valid accounts: sid → auth token. */
  readonly accounts: Map<string, string>;
  /** Leads created, with the fields received (credentials removed). */
  readonly leads: { vendorResponseId: string; sid: string; fields: Record<string, unknown> }[];
};

export const RINGY_REJECTION = 'Lead rejected: the phone number is on the do-not-call list';

export async function startRingyStandIn(): Promise<RingyStandIn> {
  const accounts = new Map<string, string>();
  const leads: RingyStandIn['leads'] = [];
  const answer = (request: RecordedRequest) => {
    if (request.method !== 'POST' || request.path !== '/leads/new-lead') return json(404, { message: 'Not Found' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return json(400, { message: 'The request body must be JSON' });
    }
    const { sid, authToken, ...fields } = body;
    if (typeof sid !== 'string' || typeof authToken !== 'string' || accounts.get(sid) !== authToken)
      return json(401, { message: 'Unauthorized: invalid sid or authToken' });
    if (typeof fields.phone_number !== 'string' || !/^\d{10}$/.test(fields.phone_number)) return json(400, { message: 'phone_number is required (10 digits)' });
    const vendorResponseId = randomUUID();
    leads.push({ vendorResponseId, sid, fields });
    return json(200, { vendorResponseId });
  };
  const server = await startProviderStandIn({
    normal: answer,
    reject: () => json(400, { message: RINGY_REJECTION }),
    serverError: () => json(500, { message: 'Internal Server Error' }),
  });
  return Object.assign(server, { apiBase: server.url, accounts, leads });
}
