import { randomUUID } from 'node:crypto';
import type pg from 'pg';

import { newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { recordAllInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { leadStream } from '../../contracts/lead-events.js';
import { toLeadDetails, type LeadInput } from '../../domain/lead-input.js';
import type { ReceivedLead } from './receive-leads.command.js';

/** Another transaction claimed one of the batch's external ids or contacts between its read and its write. */
class ClaimedMeanwhile extends Error {}

const DEADLOCK = '40P01';
const ATTEMPTS = 8;

/**
 * Receives leads in one transaction, set-based: one read of the external ids sent before, one
 * of the contacts claimed within the window, and one insert per table, whatever the count.
 * Each lead is decided as if the leads came one after another: one whose vendor id was sent
 * before is that lead again (`repeated`); one whose phone or e-mail is claimed (by an earlier
 * lead, or one earlier in the batch) is a duplicate and claims nothing; any other claims its
 * contacts. Another transaction claiming the same contact or id at the same moment makes the
 * write find fewer rows than it decided on: then the batch is decided again from what is
 * committed. `also` runs in the same transaction, after the leads (an import's progress).
 */
export async function receiveLeadBatch(
  pool: pg.Pool,
  input: { vendorId: string; leads: readonly LeadInput[]; duplicateDays: number; context: CommandContext },
  also?: (tx: SqlClient, received: readonly ReceivedLead[]) => Promise<void>,
): Promise<ReceivedLead[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(pool, async (tx) => {
        const received = await receiveInTransaction(tx, input);
        await also?.(tx, received);
        return received;
      });
    } catch (error) {
      const retry = error instanceof ClaimedMeanwhile || (error as { code?: string }).code === DEADLOCK;
      if (!retry || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** What becomes of one lead: sent before (`repeated`), or new, and then a duplicate or the claimer of its contacts. */
type Decision = { lead: LeadInput; leadId: string; repeated: boolean; duplicateOf: string | null; contacts: readonly string[] };

async function receiveInTransaction(
  tx: SqlClient,
  { vendorId, leads, duplicateDays, context }: { vendorId: string; leads: readonly LeadInput[]; duplicateDays: number; context: CommandContext },
): Promise<ReceivedLead[]> {
  const externalIds = [...new Set(leads.flatMap((lead) => (lead.externalId ? [lead.externalId] : [])))];
  const sentBefore = new Map<string, { leadId: string; duplicateOf: string | null }>();
  if (externalIds.length > 0) {
    const { rows } = await tx.query<{ external_id: string; lead_id: string; duplicate_of: string | null }>(
      'SELECT external_id, lead_id, duplicate_of FROM intake_leads WHERE vendor_id = $1 AND external_id = ANY($2::text[])',
      [vendorId, externalIds],
    );
    for (const row of rows) sentBefore.set(row.external_id, { leadId: row.lead_id, duplicateOf: row.duplicate_of });
  }
  const contactsOf = (lead: LeadInput) => [`phone:${lead.phone}`, ...(lead.email ? [`email:${lead.email}`] : [])].sort();
  const { rows: claimedRows } = await tx.query<{ contact: string; lead_id: string }>(
    `SELECT contact, lead_id FROM lead_contacts WHERE contact = ANY($1::text[]) AND seen_at >= now() - make_interval(days => $2)`,
    [[...new Set(leads.flatMap(contactsOf))], duplicateDays],
  );
  const claimed = new Map(claimedRows.map((row) => [row.contact, row.lead_id]));

  const decisions: Decision[] = leads.map((lead) => {
    const earlier = lead.externalId ? sentBefore.get(lead.externalId) : undefined;
    if (earlier) return { lead, leadId: earlier.leadId, repeated: true, duplicateOf: earlier.duplicateOf, contacts: [] };
    const leadId = randomUUID();
    const contacts = contactsOf(lead);
    const holder = contacts.map((contact) => claimed.get(contact)).find((id) => id !== undefined) ?? null;
    if (lead.externalId) sentBefore.set(lead.externalId, { leadId, duplicateOf: holder });
    if (holder) return { lead, leadId, repeated: false, duplicateOf: holder, contacts: [] };
    for (const contact of contacts) claimed.set(contact, leadId);
    return { lead, leadId, repeated: false, duplicateOf: null, contacts };
  });
  const fresh = decisions.filter((decision) => !decision.repeated);
  if (fresh.length > 0) await store(tx, vendorId, fresh, duplicateDays, context);
  return decisions.map(({ leadId, repeated, duplicateOf }) => ({ leadId, status: duplicateOf ? 'duplicate' : 'accepted', duplicateOf, repeated }));
}

async function store(tx: SqlClient, vendorId: string, fresh: readonly Decision[], duplicateDays: number, context: CommandContext): Promise<void> {
  const { rowCount: inserted } = await tx.query(
    `INSERT INTO intake_leads (lead_id, vendor_id, external_id, duplicate_of)
     SELECT lead_id, $1, external_id, duplicate_of FROM unnest($2::uuid[], $3::text[], $4::uuid[]) AS l(lead_id, external_id, duplicate_of)
      ORDER BY external_id
     ON CONFLICT (vendor_id, external_id) DO NOTHING`,
    [vendorId, fresh.map((d) => d.leadId), fresh.map((d) => d.lead.externalId ?? null), fresh.map((d) => d.duplicateOf)],
  );
  // (In the ids' order, as contacts below: a post and an import sending the same ids in another order do not deadlock.)
  if (inserted !== fresh.length) throw new ClaimedMeanwhile();

  const claims = fresh.flatMap((d) => d.contacts.map((contact) => ({ contact, leadId: d.leadId }))).sort((a, b) => (a.contact < b.contact ? -1 : 1));
  if (claims.length > 0) {
    // In the contacts' order, as a single lead claims them: two batches at once never deadlock on them.
    const { rowCount: claimedNow } = await tx.query(
      `INSERT INTO lead_contacts (contact, lead_id, seen_at)
       SELECT contact, lead_id, now() FROM unnest($1::text[], $2::uuid[]) AS c(contact, lead_id) ORDER BY contact
       ON CONFLICT (contact) DO UPDATE SET lead_id = EXCLUDED.lead_id, seen_at = EXCLUDED.seen_at
        WHERE lead_contacts.seen_at < now() - make_interval(days => $3)`,
      [claims.map((c) => c.contact), claims.map((c) => c.leadId), duplicateDays],
    );
    if (claimedNow !== claims.length) throw new ClaimedMeanwhile();
  }

  // An aged lead is for sale in packages from now on, a business lead by the piece; data and SMM leads go to campaigns first.
  const stocked = fresh.filter((d) => !d.duplicateOf && (d.lead.source === 'aged_leads' || d.lead.source === 'business'));
  if (stocked.length > 0) {
    await tx.query(
      `INSERT INTO aged_inventory (lead_id, kind, tier, state, city)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        stocked.map((d) => d.leadId),
        stocked.map((d) => (d.lead.source === 'business' ? 'business' : 'aged')),
        stocked.map((d) => d.lead.tier),
        stocked.map((d) => d.lead.state),
        stocked.map((d) => (d.lead.source === 'business' ? (d.lead.city ?? null) : null)),
      ],
    );
  }
  await recordAllInOutbox(
    tx,
    fresh.map(({ lead, leadId, duplicateOf }) => ({
      streamId: leadStream(leadId),
      events: [newEvent('LeadReceived', { leadId, vendorId, externalId: lead.externalId, duplicateOf, ...toLeadDetails(lead) }, context)],
    })),
  );
}
