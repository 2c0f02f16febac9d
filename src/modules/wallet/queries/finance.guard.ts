import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { SQL_POOL } from '../../../platform/tokens.js';

/** After SessionGuard: admins and users with the `finance` role pass (the finance pages); anyone else gets 403. */
@Injectable()
export class FinanceGuard implements CanActivate {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>().user;
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    const { rowCount } = await this.pool.query(`SELECT 1 FROM user_roles WHERE user_id = $1 AND role IN ('admin', 'finance')`, [user.userId]);
    if (!rowCount) throw new ApiError(403, 'FORBIDDEN', "Access Denied: You don't have permission to view this page");
    return true;
  }
}
