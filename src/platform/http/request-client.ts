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
