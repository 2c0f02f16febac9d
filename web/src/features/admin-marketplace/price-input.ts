/** A price typed in dollars ("12", "12.5", "$1,250.00") as integer cents, or the message saying what is wrong. */
export function priceInCents(typed: string): { cents: number } | { error: string } {
  const text = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return { error: 'Enter a price in dollars' };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: 'Enter dollars and at most two digits of cents, e.g. 12.50' };
  const [whole, fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents < 1) return { error: 'Price must be at least $0.01' };
  if (cents > 100_000) return { error: 'Price must be at most $1,000.00' };
  return { cents };
}
