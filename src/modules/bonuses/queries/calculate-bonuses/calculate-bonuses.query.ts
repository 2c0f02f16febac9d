import { validate } from '../../../../platform/http/validate.js';
import { bonusInputsSchema, type BonusResult } from '../../contracts/bonus-inputs.js';
import { weeklyBonus } from '../../domain/bonus-rules.js';

/**
 * The bonus calculator's answer (the /bonus-calculator page and the testing page's calculator and
 * agent-match tester): one week's inputs, parsed by the rules' own schema, through the one rules
 * module. A bad input is a 400 naming each field, never a 500.
 */
export function calculateBonuses(body: unknown): BonusResult {
  return weeklyBonus(validate(bonusInputsSchema, body));
}
