import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { isWorkAccount } from '../../../../platform/auth/work-account.js';
import type { PlatformConfig } from '../../../../platform/config/config.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { CONFIG, EVENT_STORE } from '../../../../platform/tokens.js';
import type { StaffEmailDomainSetting } from '../../../identity/contracts/staff-email-domain.js';
import { elevatedAccessUntil } from '../../contracts/elevated-access.js';

@ApiTags('access')
@Controller('api/access')
@UseGuards(SessionGuard)
export class GetAccessStatusController {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig & StaffEmailDomainSetting,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get('status')
  @ApiOperation({ summary: 'Whether the signed-in user has full access through a work account, or elevated access from a code.' })
  async status(@CurrentUser() user: AuthenticatedUser) {
    const until = await elevatedAccessUntil(this.store, user.userId);
    return { isMicrosoftUser: isWorkAccount(user, this.config.staffEmailDomain), hasElevatedAccess: until !== null, expiresAt: until?.toISOString() ?? null };
  }
}
