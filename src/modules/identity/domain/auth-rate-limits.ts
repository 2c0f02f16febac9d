import type { RateLimit } from '../../../platform/rate-limit/rate-limiter.js';

const MINUTE = 60;

/** Sign-in attempts from one address: generous, since an office shares one. */
export const SIGN_IN_PER_IP: RateLimit = { name: 'sign-in-ip', limit: 100, windowSeconds: 15 * MINUTE };
/** Wrong passwords for one account: after 10, that account is closed to attempts until the window ends. */
export const FAILED_SIGN_IN_PER_ACCOUNT: RateLimit = { name: 'sign-in-failed', limit: 10, windowSeconds: 15 * MINUTE };
export const SIGN_UP_PER_IP: RateLimit = { name: 'sign-up-ip', limit: 20, windowSeconds: 60 * MINUTE };
/** Confirmation and reset mails: per address asking, and per e-mail address mailed. */
export const EMAIL_LINK_PER_IP: RateLimit = { name: 'email-link-ip', limit: 30, windowSeconds: 60 * MINUTE };
export const EMAIL_LINK_PER_ACCOUNT: RateLimit = { name: 'email-link-account', limit: 5, windowSeconds: 60 * MINUTE };
export const TOKEN_USE_PER_IP: RateLimit = { name: 'token-use-ip', limit: 30, windowSeconds: 60 * MINUTE };
