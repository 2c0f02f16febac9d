import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;

// About 49,000 passwords seen most often in breaches, most common first.
const COMMON = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (COMMON.has(password.toLowerCase())) return 'This password is one of the most common ones. Please choose a harder one to guess.';
  return null;
}
