import type { RateLimit } from '../../../platform/rate-limit/rate-limiter.js';

const HOUR = 3600;

/** Registrations from one address: an office sharing one can still register a class of new agents. */
export const PREP_REGISTER_PER_IP: RateLimit = { name: 'prep-register-ip', limit: 20, windowSeconds: HOUR };
/** Registrations naming one e-mail address: a few corrections, not a mail flood to someone else's inbox. */
export const PREP_REGISTER_PER_EMAIL: RateLimit = { name: 'prep-register-email', limit: 5, windowSeconds: HOUR };
