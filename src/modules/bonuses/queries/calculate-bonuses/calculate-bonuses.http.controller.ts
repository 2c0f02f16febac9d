import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import type { BonusResult } from '../../contracts/bonus-inputs.js';
import { BONUS_CALCULATE_PER_IP } from '../../domain/bonus-rate-limits.js';
import { calculateBonuses } from './calculate-bonuses.query.js';

/**
 * A query with a body: it reads nothing and writes nothing, so it sends no command. POST only
 * because the week's inputs are a JSON object of numbers, booleans and nulls the schema checks
 * as they are typed (a query string would make every one a string). Public, as its page is
 * (the specification: no access check), and limited per address.
 */
@ApiTags('bonuses')
@Controller('api/bonuses')
export class CalculateBonusesController {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: RateLimiter) {}

  @Post('calculate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Public, at most 60 an address in 10 minutes (429 beyond): the weekly bonus for one week's inputs (submittedCents, issuedCents, takenRate 0-1, depositCents, role, weeksInProgram, blueReportTrack, engaged, buyInOnTime, averageIssuedLast13WeeksCents), by the rules of docs/bonus-rules.md: {lionsShare: {eligible, reasons, baseCents, bonusCents, totalCents}, match: {eligible, reasons, productionMatchLimitCents, capCents, matchLimitCents, depositCents, buyInCents, netDepositCents, actualMatchCents}, grandTotalCents}; 400 naming each bad field.",
  })
  async calculate(@Body() body: unknown, @Req() request: FastifyRequest): Promise<BonusResult> {
    await enforce(this.limiter, [{ rule: BONUS_CALCULATE_PER_IP, subject: request.ip }]);
    return calculateBonuses(body);
  }
}
