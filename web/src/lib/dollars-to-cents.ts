const MAX_CENTS = 100_000_000;
const DOLLARS = /^\d{1,7}(\.\d{1,2})?$/;

/** "12.5" → 1250; null unless a positive amount of at most $1,000,000 with at most 2 decimals (commas and a $ allowed). */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!DOLLARS.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents >= 1 && cents <= MAX_CENTS ? cents : null;
}
