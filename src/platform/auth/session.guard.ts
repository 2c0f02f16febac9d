import { createParamDecorator, Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { PlatformConfig } from '../config/config.js';
import { ApiError } from '../http/api-error.js';
import { CONFIG, SESSION_STORE } from '../tokens.js';
import { readSessionCookie } from './session-cookie.js';
import type { AuthenticatedUser, SessionStore } from './session-store.js';

type RequestWithUser = FastifyRequest & { user?: AuthenticatedUser };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Lets a request through only with a live session. A write must also carry the session's
 * CSRF token in X-CSRF-Token: another site can make the browser send the cookie, but
 * cannot read the token.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const token = readSessionCookie(request, this.config.session.secureCookie);
    const user = token ? await this.sessions.resolve(token) : null;
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    if (!SAFE_METHODS.has(request.method) && request.headers['x-csrf-token'] !== user.csrfToken) {
      throw new ApiError(403, 'CSRF_TOKEN_INVALID', 'This request could not be verified. Reload the page and try again.');
    }
    request.user = user;
    return true;
  }
}

/** The signed-in user of a route guarded by SessionGuard. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<RequestWithUser>().user;
  if (!user) throw new Error('CurrentUser used on a route without SessionGuard');
  return user;
});

/**
 * For public routes that answer a signed-in user more (the assistant): the user when the request
 * carries a live session, and for a write its CSRF token too; anyone else goes on as a visitor.
 * A cross-site request thus never acts as the user whose cookie it carried.
 */
@Injectable()
export class OptionalSessionGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(SESSION_STORE) private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<RequestWithUser>();
    const token = readSessionCookie(request, this.config.session.secureCookie);
    const user = token ? await this.sessions.resolve(token) : null;
    if (user && (SAFE_METHODS.has(request.method) || request.headers['x-csrf-token'] === user.csrfToken)) request.user = user;
    return true;
  }
}

/** The signed-in user of a route guarded by OptionalSessionGuard, or null for a visitor. */
export const SignedInUserOrNull = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedUser | null => context.switchToHttp().getRequest<RequestWithUser>().user ?? null,
);
