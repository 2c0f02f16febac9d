const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as people read dollars: '$1,234.50', '-$25.00'. */
export const usd = (cents: number): string => format.format(cents / 100);
