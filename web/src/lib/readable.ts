import { words } from '../../../src/modules/audit/contracts/readable-names';

export { words };

/** A person as admin views show them: "Name <e-mail>", the e-mail alone, or the fallback. */
export function personLabel(person: { email: string; displayName: string | null } | null, fallback = '—'): string {
  if (!person) return fallback;
  return person.displayName ? `${person.displayName} <${person.email}>` : person.email;
}

function value(inner: unknown): string {
  if (inner === null || inner === undefined || inner === '') return '—';
  if (typeof inner === 'object')
    return Object.entries(inner as Record<string, unknown>)
      .map(([key, v]) => `${words(key).toLowerCase()} ${value(v)}`)
      .join(', ');
  return String(inner);
}

/** A security event's details as one line: "Email: a@b.test · Reason: email not confirmed"; a request as "GET /api/x → 403". */
export function readableDetails(details: Record<string, unknown>): string {
  const { method, path, status, ...rest } = details;
  const request = typeof method === 'string' && typeof path === 'string' ? [`${method} ${path}${status === undefined ? '' : ` → ${String(status)}`}`] : [];
  const others = Object.entries(method !== undefined && path !== undefined ? rest : details).map(([key, inner]) => `${words(key)}: ${value(inner)}`);
  return [...request, ...others].join(' · ') || '—';
}
