import type { FastifyRequest } from 'fastify';

import type { Actor } from '../event-store/event-store.port.js';
import { requestContext, type CommandContext } from '../event-store/new-event.js';

export type RequestClient = { readonly ip: string; readonly userAgent: string | undefined; readonly requestId: string };

/** Who is calling, as sessions and security events record it. */
export function requestClient(request: FastifyRequest): RequestClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: String(request.id) };
}

/**
 * The context of a command sent in this request: the actor, the request id (also the correlation
 * id) and the caller's address and browser. Before sign-in the actor is anonymous.
 */
export function requestContextOf(request: FastifyRequest, actor: Actor = { type: 'anonymous', id: 'anonymous' }, now = new Date()): CommandContext {
  const { ip, userAgent, requestId } = requestClient(request);
  return { ...requestContext(actor, requestId, now), client: { ip, userAgent } };
}

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin this request came to (`http://127.0.0.1:3000` when the portal was opened there),
 * for pages that send the user elsewhere and back: their session cookie belongs to this origin.
 * Null when the Host header is not a plain host name or address.
 */
export function requestOriginOf(request: FastifyRequest): string | null {
  const host = request.host;
  if (!host || !HOST.test(host)) return null;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** Where a user sent to another site comes back: PUBLIC_URL when it was set, else the origin their request came to. */
export function returnOriginFor(config: { readonly publicUrl: string; readonly publicUrlSet: boolean }, requestOrigin: string | null | undefined): string {
  return config.publicUrlSet || !requestOrigin ? config.publicUrl : requestOrigin;
}
