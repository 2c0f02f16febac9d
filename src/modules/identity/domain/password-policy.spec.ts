import { describe, expect, it } from 'vitest';

import { passwordProblem } from './password-policy.js';

describe('password policy', () => {
  it('needs at least 6 characters', () => {
    expect(passwordProblem('a1b2c')).toBe('Password must be at least 6 characters.');
    expect(passwordProblem('Tampa-Bay-2026!')).toBeNull();
  });

  it('refuses the most common passwords whatever their case', () => {
    for (const common of ['123456', 'password', 'Qwerty', 'PASSWORD1', 'iloveyou']) expect(passwordProblem(common)).toContain('most common');
  });
});
