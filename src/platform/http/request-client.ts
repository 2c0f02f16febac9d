import type { FastifyRequest } from 'fastify';

export type RequestClient = { readonly ip: string; readonly userAgent: string | undefined; readonly requestId: string };

/** Who is calling, as sessions and security events record it. */
export function requestClient(request: FastifyRequest): RequestClient {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: String(request.id) };
}
