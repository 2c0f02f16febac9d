import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { isWorkAccount } from '../../../platform/auth/work-account.js';
import type { PlatformConfig } from '../../../platform/config/config.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { CONFIG, EVENT_STORE } from '../../../platform/tokens.js';
import type { StaffEmailDomainSetting } from '../../identity/contracts/staff-email-domain.js';
import { elevatedAccessUntil } from './elevated-access.js';

export const ACCESS_CODE_REQUIRED_MESSAGE = 'Please enter the access code to access this page.';

/**
 * After SessionGuard, on every API behind a protected page (spec: route guard): only
 * work-account users and users whose elevated access has not expired pass. The elevated
 * state is read from the user's access stream at each request, so a revoked or expired
 * grant stops working at once, whatever the browser believes.
 */
@Injectable()
export class ElevatedAccessGuard implements CanActivate {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig & StaffEmailDomainSetting,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>().user;
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');
    if (isWorkAccount(user, this.config.staffEmailDomain)) return true;
    if ((await elevatedAccessUntil(this.store, user.userId)) !== null) return true;
    throw new ApiError(403, 'ACCESS_CODE_REQUIRED', ACCESS_CODE_REQUIRED_MESSAGE);
  }
}
