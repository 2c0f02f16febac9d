import { z } from 'zod';

/** An agent's week as the marketplace service reports it, the dollar amounts in cents. */
export type WeekFigures = {
  readonly submittedCents: number;
  readonly issuedCents: number;
  readonly baseBonusAmountCents: number;
  readonly dataLeadsMatchLimitCents: number;
  readonly madeLipDeposit: boolean;
  readonly currentlyEngaged: boolean;
};

/** The service's answer could be read but does not give the week's figures. */
export class WeekFiguresError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The marketplace week details are not usable: ${problems.join('; ')}`);
    this.name = 'WeekFiguresError';
  }
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Beyond this exponent a dollar amount is either far past any safe number of cents or nothing at all. */
const MAX_EXPONENT = 400;

/**
 * A dollar amount (a number, or text such as "1999.99" or "-0.285") in cents: ×100 and rounded
 * as Math.round does (a half cent up, towards +∞). The ×100 is done on the decimal digits as
 * written, not in floating point: 0.285 × 100 is 28.499999999999996 in binary, which Math.round
 * would take to 28, while the amount is 28.5 cents and rounds to 29. A number is read through its
 * shortest decimal form (String(0.285) is "0.285"), which is what the service wrote.
 * Null when it is not a finite amount or its cents are not a safe integer.
 */
export function dollarsToCents(amount: number | string): number | null {
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  const match = DECIMAL.exec(typeof amount === 'number' ? String(amount) : amount.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const shift = Number(exponent) + 2 - fraction.length;
  if (Math.abs(shift) > MAX_EXPONENT) return null;
  const digits = BigInt(whole + fraction);
  let cents: bigint;
  if (shift >= 0) {
    cents = digits * 10n ** BigInt(shift);
    if (sign === '-') cents = -cents;
  } else {
    const unit = 10n ** BigInt(-shift);
    const [quotient, twiceRemainder] = [digits / unit, (digits % unit) * 2n];
    // Math.round: 28.5 → 29 but -28.5 → -28.
    cents = sign === '-' ? -(quotient + (twiceRemainder > unit ? 1n : 0n)) : quotient + (twiceRemainder >= unit ? 1n : 0n);
  }
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return cents === 0n ? 0 : Number(cents);
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const dollarField = (field: string) =>
  z
    .union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field}: expected a dollar amount, got ${shown(issue.input)}`),
    })
    .transform((value, context) => {
      const cents = dollarsToCents(value);
      if (cents === null) {
        context.addIssue({ code: 'custom', message: `${field}: expected a dollar amount, got ${shown(value)}` });
        return z.NEVER;
      }
      return cents;
    });

const flagField = (field: string) =>
  z.boolean({ error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field}: expected True or False, got ${shown(issue.input)}`) });

/** The fields as the service names them; any others it sends (the agent's name, notes) are left aside. */
const weekDetailsSchema = z.object(
  {
    Submitted: dollarField('Submitted'),
    Issued: dollarField('Issued'),
    BaseBonusAmount: dollarField('BaseBonusAmount'),
    DataLeadsMatchLimit: dollarField('DataLeadsMatchLimit'),
    MadeLIPDeposit: flagField('MadeLIPDeposit'),
    CurrentlyEngaged: flagField('CurrentlyEngaged'),
  },
  { error: (issue) => `expected a dict of the week's figures, got ${Array.isArray(issue.input) ? 'a list' : shown(issue.input)}` },
);

/** The week's figures in what the service answered (already read from its text); a WeekFiguresError naming each field that is missing or wrong. */
export function weekFiguresFrom(answer: unknown): WeekFigures {
  const parsed = weekDetailsSchema.safeParse(answer);
  if (!parsed.success) throw new WeekFiguresError(parsed.error.issues.map((issue) => issue.message));
  const week = parsed.data;
  return {
    submittedCents: week.Submitted,
    issuedCents: week.Issued,
    baseBonusAmountCents: week.BaseBonusAmount,
    dataLeadsMatchLimitCents: week.DataLeadsMatchLimit,
    madeLipDeposit: week.MadeLIPDeposit,
    currentlyEngaged: week.CurrentlyEngaged,
  };
}
