import { describe, expect, it } from 'vitest';

import { initialsOf } from './initials';

describe('avatar initials', () => {
  it('takes the first letters of up to two words, uppercase', () => {
    expect(initialsOf('jane mary doe')).toBe('JM');
    expect(initialsOf('  Ana   ')).toBe('A');
    expect(initialsOf('Émile zola')).toBe('ÉZ');
  });

  it("is 'U' without a name", () => {
    expect(initialsOf(null)).toBe('U');
    expect(initialsOf('')).toBe('U');
    expect(initialsOf('   ')).toBe('U');
  });
});
