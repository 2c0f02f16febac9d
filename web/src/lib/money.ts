const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one minus sign the app writes before a negative amount: U+2212, as wide as the plus (screen readers say "minus"). */
export const MINUS = '\u2212';

type SignOptions = { readonly sign?: 'negative' | 'always' };

function signed(amount: number, format: Intl.NumberFormat, options: SignOptions | undefined): string {
  const text = format.format(Math.abs(amount));
  if (amount < 0 && format.format(-amount) !== format.format(0)) return `${MINUS}${text}`;
  return options?.sign === 'always' && amount > 0 ? `+${text}` : text;
}

/** 167952 → "$167,952"; −5 → "−$5" */
export const formatWholeDollars = (amount: number, options?: SignOptions) => signed(amount, wholeDollars, options);

/**
 * Money is kept in integer cents; dollars exist only on screen, and only through this formatter:
 * 18100 → "$181.00", −250 → "−$2.50"; with `sign: 'always'` a gain shows its plus (+$181.00).
 */
export const formatCents = (cents: number, options?: SignOptions) => signed(cents / 100, dollars, options);
