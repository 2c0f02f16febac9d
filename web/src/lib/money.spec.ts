import { describe, expect, it } from 'vitest';

import { formatCents, formatWholeDollars } from './money';

describe('money on screen', () => {
  it('shows integer cents as dollars and cents', () => {
    expect(formatCents(18100)).toBe('$181.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
  });

  it('writes every negative amount with the one minus sign (U+2212), and a plus only when asked', () => {
    expect(formatCents(-250)).toBe('\u2212$2.50');
    expect(formatCents(-123456789)).toBe('\u2212$1,234,567.89');
    expect(formatCents(250, { sign: 'always' })).toBe('+$2.50');
    expect(formatCents(-250, { sign: 'always' })).toBe('\u2212$2.50');
    expect(formatCents(0, { sign: 'always' })).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatWholeDollars(-5)).toBe('\u2212$5');
    expect(formatWholeDollars(-0.4)).toBe('$0');
  });

  it('shows whole dollars with thousands separators and no cents', () => {
    expect(formatWholeDollars(167952)).toBe('$167,952');
    expect(formatWholeDollars(0)).toBe('$0');
  });
});
