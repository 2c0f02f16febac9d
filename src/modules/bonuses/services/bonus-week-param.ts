import { z } from 'zod';

import { isBonusWeek } from '../domain/bonus-week.js';

/** A week in an address or a body: its Monday, YYYY-MM-DD. */
export const bonusWeekParam = z.string({ message: 'Give the week as its Monday (YYYY-MM-DD)' }).refine(isBonusWeek, 'Give the week as its Monday (YYYY-MM-DD)');
