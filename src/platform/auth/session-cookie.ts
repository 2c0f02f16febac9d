import type {} from '@fastify/cookie';

import type { FastifyReply, FastifyRequest } from 'fastify';

const NAME = 'portal_session';
/** Over HTTPS the __Host- prefix binds the cookie to this exact origin. */
const cookieName = (secure: boolean) => (secure ? `__Host-${NAME}` : NAME);

export function readSessionCookie(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[cookieName(secure)];
}

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  void reply.setCookie(cookieName(secure), token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(cookieName(secure), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
