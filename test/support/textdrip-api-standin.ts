import { randomUUID } from 'node:crypto';

import { json, startProviderStandIn, type RecordedRequest, type StandInServer } from './provider-standin.js';

/**
 * A local stand-in for the contacts part of Textdrip's API (a Laravel app; textdrip-standin.ts is its connect page and profile): `POST /api/create-contact` with
 * `Authorization: Bearer <token>` and a JSON contact. An unknown token answers 401
 * `{"message":"Unauthenticated."}`; a contact without name or phone 422 with Laravel's
 * `{ message, errors }`; a phone the account has already 200 `{ status: false, message }`; a created
 * contact 200 `{ status: true, message, contact }`.
 */
export type TextdripApiStandIn = StandInServer & {
  readonly apiBase: string;
  /** API tokens that exist. */
  readonly tokens: Set<string>;
  readonly contacts: { id: string; token: string; contact: Record<string, unknown> }[];
};

export const TEXTDRIP_REJECTION = 'The phone must be a valid phone number.';
export const TEXTDRIP_EXISTS = 'Contact already exists';

export async function startTextdripApiStandIn(): Promise<TextdripApiStandIn> {
  const tokens = new Set<string>();
  const contacts: TextdripApiStandIn['contacts'] = [];
  const answer = (request: RecordedRequest) => {
    if (request.method !== 'POST' || request.path !== '/api/create-contact') return json(404, { message: 'Not Found' });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return json(401, { message: 'Unauthenticated.' });
    let contact: Record<string, unknown>;
    try {
      contact = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return json(400, { status: false, message: 'The request body must be JSON' });
    }
    const errors: Record<string, string[]> = {};
    if (!contact.name) errors.name = ['The name field is required.'];
    if (!contact.phone) errors.phone = ['The phone field is required.'];
    if (Object.keys(errors).length > 0) return json(422, { message: Object.values(errors)[0]![0], errors });
    // A phone the account has already: Textdrip answers 200 with status false.
    if (contacts.some((c) => c.token === token && c.contact.phone === contact.phone)) return json(200, { status: false, message: TEXTDRIP_EXISTS });
    const id = randomUUID();
    contacts.push({ id, token, contact });
    return json(200, { status: true, message: 'Contact created successfully', contact: { id, ...contact } });
  };
  const server = await startProviderStandIn({
    normal: answer,
    reject: () => json(422, { message: TEXTDRIP_REJECTION, errors: { phone: [TEXTDRIP_REJECTION] } }),
    serverError: () => json(500, { message: 'Server Error' }),
  });
  return Object.assign(server, { apiBase: `${server.url}/api`, tokens, contacts });
}
