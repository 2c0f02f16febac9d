import { words } from '../contracts/readable-names.js';

/** Keys whose values are credentials or their hashes: never shown, not even to admins. */
const SECRET_KEY = /hash|token|secret|password|nonce|verifier/i;
/** Keys that name a user: shown as that user's e-mail. */
const USER_KEY = /^(userId|createdBy|disabledBy|adminId|grantedBy)$/;
const MAX_PARTS = 4;

export const REDACTED = '[redacted]';

/** The data with every credential-like value replaced, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(inner)]));
  }
  return value;
}

/** The user ids an event's data names, to look up their e-mails. */
export function userIdsIn(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data).flatMap(([key, value]) => (USER_KEY.test(key) && typeof value === 'string' ? [value] : []));
}

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value.length > 60 ? `${value.slice(0, 57)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * One line a person can read: the event type in words, then up to four of its values
 * ("Access code created: label test code · grants hours 1 · created by admin@portal.test").
 * Users are named by e-mail; other ids and credentials are left out (the detail has them).
 */
export function summarize(eventType: string, data: unknown, emailOf: (userId: string) => string | undefined): string {
  const parts: string[] = [];
  const visit = (object: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(object)) {
      if (parts.length >= MAX_PARTS || SECRET_KEY.test(key)) continue;
      if (USER_KEY.test(key) && typeof value === 'string') {
        parts.push(`${words(key).toLowerCase().replace(/ id$/, '')} ${emailOf(value) ?? value}`);
      } else if (/Id$/.test(key)) {
        continue;
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        visit(value as Record<string, unknown>);
      } else {
        const text = scalar(value);
        if (text !== null && text !== '') parts.push(`${words(key).toLowerCase()} ${text}`);
      }
    }
  };
  if (data && typeof data === 'object' && !Array.isArray(data)) visit(data as Record<string, unknown>);
  return parts.length > 0 ? `${words(eventType)}: ${parts.join(' · ')}` : words(eventType);
}
