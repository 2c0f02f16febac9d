import { createHash } from 'node:crypto';

import type { SqlClient } from '../../../platform/persistence/sql.js';

/** A vendor key's hash: keys are 192 random bits, so a plain SHA-256 cannot be reversed or guessed. */
export const vendorKeyHash = (apiKey: string) => createHash('sha256').update(apiKey).digest('hex');

export type ActiveVendor = { readonly vendorId: string; readonly sendsAgedLeads: boolean };

/** The vendor whose key this is, unless it was revoked; null for an unknown key. */
export async function activeVendorOfKey(db: SqlClient, apiKey: string): Promise<ActiveVendor | null> {
  const { rows } = await db.query<{ vendor_id: string; sends_aged_leads: boolean }>(
    'SELECT vendor_id, sends_aged_leads FROM lead_vendors WHERE key_hash = $1 AND revoked_at IS NULL',
    [vendorKeyHash(apiKey)],
  );
  return rows[0] ? { vendorId: rows[0].vendor_id, sendsAgedLeads: rows[0].sends_aged_leads } : null;
}

/** Whether a vendor may still bring leads: 'active', 'revoked', or null when there is no such vendor. */
export async function vendorStatus(db: SqlClient, vendorId: string): Promise<'active' | 'revoked' | null> {
  const { rows } = await db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM lead_vendors WHERE vendor_id = $1', [vendorId]);
  if (!rows[0]) return null;
  return rows[0].revoked_at ? 'revoked' : 'active';
}
