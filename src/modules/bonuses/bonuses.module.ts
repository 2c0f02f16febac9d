import { Module } from '@nestjs/common';

import { CalculateBonusesController } from './queries/calculate-bonuses/calculate-bonuses.http.controller.js';

/** Weekly bonuses: the calculator's query over the one rules module (domain/bonus-rules.ts). */
@Module({ controllers: [CalculateBonusesController] })
export class BonusesModule {}
