import type { AgentRole, BonusInputs } from '../../app/api/bonuses';

/** The calculator's fields as typed: dollars and a rate as text, held as cents and a fraction once read. */
export type BonusForm = {
  submitted: string;
  issued: string;
  takenRate: string;
  deposit: string;
  role: AgentRole;
  weeks: string;
  engaged: boolean;
  buyInOnTime: boolean;
};

/** How the taken rate is typed: a percentage (66.0) on /bonus-calculator, a fraction 0-1 (0.66) on the testing page. */
export type RateInput = 'percent' | 'fraction';

/** The form's field → the server's field, so a refusal from either lands under the same input. */
export const FIELD_OF = {
  submitted: 'submittedCents',
  issued: 'issuedCents',
  takenRate: 'takenRate',
  deposit: 'depositCents',
  role: 'role',
  weeks: 'weeksInProgram',
} as const;

type FieldError = { field: string; message: string };

const DOLLARS = /^\d{1,13}(\.\d{1,2})?$/;

/** "21,500.00" or "$21500" → 2150000; null unless whole cents of at least 0. */
export function centsOf(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!DOLLARS.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The typed rate as a fraction 0-1, or null when it is not a number in the input's range. */
export function rateOf(text: string, input: RateInput): number | null {
  const cleaned = text.trim().replace(/%$/, '');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  if (input === 'percent') return value <= 100 ? Math.round(value * 10_000) / 1_000_000 : null;
  return value <= 1 ? value : null;
}

/**
 * The typed form as the rules' inputs, or each field's message. Weeks in program is read for a
 * NEWBIE only; the calculator has no blue-report track or Closers Club inputs, so both go as
 * none (null): no newbie track cap and no Closers Club cap apply here.
 */
export function readForm(form: BonusForm, rateInput: RateInput): { inputs: BonusInputs } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const dollars = (text: string, field: keyof typeof FIELD_OF, name: string, example: string) => {
    if (text.trim() === '') errors.push({ field: FIELD_OF[field], message: `Enter the ${name} in dollars, e.g. ${example}` });
    const cents = centsOf(text);
    if (text.trim() !== '' && cents === null) errors.push({ field: FIELD_OF[field], message: `${name} must be a dollar amount, e.g. ${example}` });
    return cents ?? 0;
  };
  const submittedCents = dollars(form.submitted, 'submitted', 'Submitted AV', '21500.00');
  const issuedCents = dollars(form.issued, 'issued', 'Issued AV', '17373.00');
  const takenRate = rateOf(form.takenRate, rateInput);
  if (takenRate === null)
    errors.push({
      field: 'takenRate',
      message: rateInput === 'percent' ? 'Taken rate must be a percentage from 0 to 100, e.g. 66.0' : 'Taken rate must be between 0 and 1 (0.66 for 66%)',
    });
  const depositCents = dollars(form.deposit, 'deposit', 'Total InQuery Deposit', '500.00');
  let weeksInProgram: number | null = null;
  if (form.role === 'NEWBIE' && form.weeks.trim() !== '') {
    weeksInProgram = /^\d{1,3}$/.test(form.weeks.trim()) ? Number(form.weeks.trim()) : -1;
    if (weeksInProgram < 0 || weeksInProgram > 520) errors.push({ field: 'weeksInProgram', message: 'Weeks in program must be a whole number from 0 to 520' });
  }
  if (errors.length > 0) return { errors };
  return {
    inputs: {
      submittedCents,
      issuedCents,
      takenRate: takenRate!,
      depositCents,
      role: form.role,
      weeksInProgram,
      blueReportTrack: null,
      engaged: form.engaged,
      buyInOnTime: form.buyInOnTime,
      averageIssuedLast13WeeksCents: null,
    },
  };
}
