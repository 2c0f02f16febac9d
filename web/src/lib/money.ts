const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 167952 → "$167,952" */
export const formatWholeDollars = (amount: number) => wholeDollars.format(amount);

/** Money is kept in integer cents; dollars exist only on screen. 18100 → "$181.00" */
export const formatCents = (cents: number) => dollars.format(cents / 100);
