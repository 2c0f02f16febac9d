const UNITS = [
  { seconds: 86_400, name: 'day' },
  { seconds: 3_600, name: 'hour' },
  { seconds: 60, name: 'minute' },
  { seconds: 1, name: 'second' },
] as const;

/** A whole number of seconds in words, in the largest unit that divides it: 7200 → '2 hours', 86400 → '1 day', 5400 → '90 minutes'. */
export function durationWords(seconds: number): string {
  const unit = UNITS.find((u) => seconds % u.seconds === 0) ?? UNITS[3];
  const count = seconds / unit.seconds;
  return `${count} ${unit.name}${count === 1 ? '' : 's'}`;
}
