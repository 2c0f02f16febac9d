import { createHash, randomInt } from 'node:crypto';

// No 0/O or 1/I/L: codes are read aloud and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new code such as K7QF-9XM2-PL4T-8RWD: 16 characters of 31, about 79 bits. */
export function generateAccessCode(): string {
  return Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
}

/** Case, spaces and dashes do not matter when a code is typed. */
export function normaliseAccessCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** Stored and looked up by this hash only; the code itself is shown to the admin once. */
export function hashAccessCode(input: string): string {
  return createHash('sha256')
    .update(`access-code:${normaliseAccessCode(input)}`)
    .digest('hex');
}
