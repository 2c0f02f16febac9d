import { words } from '../contracts/readable-names.js';

/** Keys whose values are credentials or their hashes: never shown, not even to admins. */
const SECRET_KEY = /hash|token|secret|password|nonce|verifier/i;
/** Keys that name a user: shown as that user's e-mail. */
const USER_KEY = /^(userId|createdBy|disabledBy|adminId|grantedBy)$/;
const MAX_PARTS = 4;
/** Said first when present: what happened and to whom. The store keeps no key order (jsonb), so the summary sets one. */
const FIRST = ['eventType', 'alertType', 'severity', 'status', 'email', 'userId', 'subject', 'label', 'provider', 'reason', 'note'];
const rank = (key: string, value: unknown) => {
  const known = FIRST.indexOf(key);
  if (known >= 0) return known;
  return value && typeof value === 'object' ? FIRST.length + 1 : FIRST.length;
};

export const REDACTED = '[redacted]';

/** The data with every credential-like value replaced, at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(inner)]));
  }
  return value;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids an event's data mentions (as values, or inside texts like `user:<id>`), to look up which are users. */
export function userIdsIn(data: unknown): string[] {
  if (typeof data === 'string') return data.match(UUID) ?? [];
  if (!data || typeof data !== 'object') return [];
  return Object.values(data).flatMap((value) =>
    typeof value === 'string' ? (value.match(UUID) ?? []) : value && typeof value === 'object' ? userIdsIn(value) : [],
  );
}

function scalar(value: unknown, emailOf: (userId: string) => string | undefined): string | null {
  if (typeof value === 'string') {
    const named = value.replace(UUID, (id) => emailOf(id) ?? id);
    return named.length > 80 ? `${named.slice(0, 77)}…` : named;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/**
 * One line a person can read: the event type in words, then up to four of its values
 * ("Access code created: label test code · grants hours 1 · created by admin@portal.test").
 * Users are named by e-mail, also inside texts; other ids and credentials are left out (the detail has them).
 */
export function summarize(eventType: string, data: unknown, emailOf: (userId: string) => string | undefined): string {
  const parts: string[] = [];
  const visit = (object: Record<string, unknown>) => {
    const entries = Object.entries(object).sort(([a, x], [b, y]) => rank(a, x) - rank(b, y));
    for (const [key, value] of entries) {
      if (parts.length >= MAX_PARTS || SECRET_KEY.test(key)) continue;
      if (USER_KEY.test(key) && typeof value === 'string') {
        parts.push(`${words(key).toLowerCase().replace(/ id$/, '')} ${emailOf(value) ?? value}`);
      } else if (/Id$/.test(key)) {
        continue;
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        visit(value as Record<string, unknown>);
      } else {
        const text = scalar(value, emailOf);
        if (text !== null && text !== '') parts.push(`${words(key).toLowerCase()} ${text}`);
      }
    }
  };
  if (data && typeof data === 'object' && !Array.isArray(data)) visit(data as Record<string, unknown>);
  return parts.length > 0 ? `${words(eventType)}: ${parts.join(' · ')}` : words(eventType);
}
