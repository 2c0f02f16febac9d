import { Body, Controller, HttpCode, Inject, Put, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import type { AppConfig } from '../../../../platform/config/config.js';
import { ValidationFailed } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';

const chooseRequest = z.object({ satLeaderId: z.uuid('Please select your SAT leader to continue.') });

@ApiTags('profiles')
@Controller('api/profile')
export class ChooseSatLeaderController {
  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Put('sat-leader')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'Saves the signed-in user’s SAT leader (stored as the leader’s e-mail, sat_manager_email).' })
  async choose(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown) {
    const { satLeaderId } = validate(chooseRequest, body);
    const { rowCount } = await this.pool.query(
      `UPDATE profiles SET sat_manager_email = leader.email, updated_at = now()
         FROM profiles leader JOIN users lu ON lu.id = leader.user_id
        WHERE profiles.user_id = $1 AND leader.user_id = $2 AND leader.title_code = 'Satellite'
          AND lu.disabled_at IS NULL AND leader.email <> coalesce($3, '')`,
      [user.userId, satLeaderId, this.config.satLeaderExcludedEmail ?? null],
    );
    if (!rowCount) throw new ValidationFailed([{ field: 'satLeaderId', message: 'Please select your SAT leader to continue.' }]);
    return { message: 'SAT leader has been saved successfully.' };
  }
}
