import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import { ApiError } from '../http/api-error.js';
import { SQL_POOL } from '../tokens.js';
import type { AuthenticatedUser } from './session-store.js';

/** After SessionGuard: only users with the admin role pass. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>().user;
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    const { rowCount } = await this.pool.query(`SELECT 1 FROM user_roles WHERE user_id = $1 AND role = 'admin'`, [user.userId]);
    if (!rowCount) throw new ApiError(403, 'FORBIDDEN', "Access Denied: You don't have permission to view this page");
    return true;
  }
}
