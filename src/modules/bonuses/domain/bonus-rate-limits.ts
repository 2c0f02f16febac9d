import type { RateLimit } from '../../../platform/rate-limit/rate-limiter.js';

/** Calculations from one address: the calculator is public, so its answers are limited per address, not per account. */
export const BONUS_CALCULATE_PER_IP: RateLimit = { name: 'bonus-calculate-ip', limit: 60, windowSeconds: 600 };
