import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { BonusResult } from '../../contracts/bonus-inputs.js';
import { calculateBonuses } from './calculate-bonuses.query.js';

/**
 * A query with a body: it reads nothing and writes nothing, so it sends no command. POST only
 * because the week's inputs are a JSON object of numbers, booleans and nulls the schema checks
 * as they are typed (a query string would make every one a string).
 */
@ApiTags('bonuses')
@Controller('api/bonuses')
@UseGuards(SessionGuard)
export class CalculateBonusesController {
  @Post('calculate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The weekly bonus for one week's inputs (submittedCents, issuedCents, takenRate 0-1, depositCents, role, weeksInProgram, blueReportTrack, engaged, buyInOnTime, averageIssuedLast13WeeksCents), by the rules of docs/bonus-rules.md: {lionsShare: {eligible, reasons, baseCents, bonusCents, totalCents}, match: {eligible, reasons, productionMatchLimitCents, capCents, matchLimitCents, depositCents, buyInCents, netDepositCents, actualMatchCents}, grandTotalCents}; 400 naming each bad field.",
  })
  calculate(@Body() body: unknown): BonusResult {
    return calculateBonuses(body);
  }
}
