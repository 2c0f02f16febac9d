/**
 * How a stored secret is shown once saved: its last four characters after a mask, and only
 * when it is long enough (12 or more) that four characters give little away; else the mask.
 */
export function lastFour(secret: string | null | undefined): string {
  const value = secret ?? '';
  if (value.length < 12) return '••••';
  return `••••${value.slice(-4)}`;
}
