import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** Every lead vendor, newest first, with its key's first characters, whether it may send aged leads, when it was revoked, how many leads it posted and when the last came (never the keys). */
export async function leadVendors(db: SqlClient) {
  const { rows } = await db.query(
    `SELECT v.vendor_id AS "vendorId", v.name, v.key_prefix AS "keyPrefix", v.created_at AS "createdAt", v.revoked_at AS "revokedAt",
            v.sends_aged_leads AS "sendsAgedLeads",
            count(l.lead_id)::int AS "leads", count(l.duplicate_of)::int AS "duplicates", max(l.received_at) AS "lastLeadAt"
       FROM lead_vendors v LEFT JOIN intake_leads l ON l.vendor_id = v.vendor_id
      GROUP BY v.vendor_id ORDER BY v.created_at DESC`,
  );
  return rows;
}
