import type { RateLimit } from '../../../platform/rate-limit/rate-limiter.js';

const HOUR = 3600;

/** Registrations from one address: an office sharing one can still register a class of new agents. */
export const PREP_REGISTER_PER_IP: RateLimit = { name: 'prep-register-ip', limit: 20, windowSeconds: HOUR };
/**
 * Unconfirmed changes to an existing registration asked from one address, and naming one e-mail
 * address: a few corrections, not a mail flood to someone else's inbox. Only changes count against
 * the e-mail: its owner can always register once and confirm any link already mailed, however many
 * changes someone else asked for (a first registration is limited by the sender's address alone).
 */
export const PREP_CHANGE_PER_IP: RateLimit = { name: 'prep-change-ip', limit: 5, windowSeconds: HOUR };
export const PREP_CHANGE_PER_EMAIL: RateLimit = { name: 'prep-change-email', limit: 3, windowSeconds: HOUR };
