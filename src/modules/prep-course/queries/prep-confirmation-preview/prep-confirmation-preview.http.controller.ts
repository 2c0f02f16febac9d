import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { confirmationToken, linkRefused } from '../../commands/confirm-prep-registration/confirmation-token.request.js';
import type { PrepConfirmationPreview } from '../../contracts/prep-form.js';
import { confirmationPreview } from './prep-confirmation-preview.query.js';

@ApiTags('prep-course')
@Controller('api/prep-course/confirmations')
export class PrepConfirmationPreviewController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  /** A POST so that the token stays out of URLs and their logs; it changes nothing. */
  @Post('preview')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Public: what a mailed confirmation link {token} would do, before it is followed: {kind: registration|change, session, email, details, changes}; 404 unknown, 410 used or expired.',
  })
  async preview(@Body() body: unknown): Promise<PrepConfirmationPreview> {
    const answer = await confirmationPreview(this.pool, confirmationToken(body), new Date());
    if ('code' in answer) throw linkRefused(answer);
    return answer;
  }
}
