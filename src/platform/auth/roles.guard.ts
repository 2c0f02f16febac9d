import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';

import { ApiError } from '../http/api-error.js';
import { ROLE_DIRECTORY, type RoleDirectory } from './role-directory.port.js';
import type { AuthenticatedUser } from './session-store.js';

/** The roles an account can hold besides being an agent. */
export type Role = 'admin' | 'finance';

const RolesMetadata = Reflector.createDecorator<readonly Role[]>();

/**
 * The roles that may use a controller or a route (any one of them is enough), checked by
 * `RolesGuard`: `@UseGuards(SessionGuard, RolesGuard)` and `@Roles('admin')` or `@Roles('admin', 'finance')`.
 * A route's own `@Roles` overrides its controller's.
 */
export const Roles = (...roles: [Role, ...Role[]]) => RolesMetadata(roles);

/**
 * After SessionGuard: only users holding one of the route's `@Roles` pass. Signed out is 401
 * (the sign-in page), signed in without the role is 403; a route guarded without `@Roles`
 * lets nobody through, so a forgotten decorator cannot open a page to everyone.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(ROLE_DIRECTORY) private readonly roleDirectory: RoleDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>().user;
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    const roles = this.reflector.getAllAndOverride(RolesMetadata, [context.getHandler(), context.getClass()]) ?? [];
    // The roles read with the session for this request, in the same statement; asked of the directory when the session did not carry them.
    const held = user.roles;
    const allowed = roles.length > 0 && (held ? roles.some((role) => held.includes(role)) : await this.roleDirectory.holdsAnyRole(user.userId, roles));
    if (!allowed) throw new ApiError(403, 'FORBIDDEN', "Access Denied: You don't have permission to view this page");
    return true;
  }
}
