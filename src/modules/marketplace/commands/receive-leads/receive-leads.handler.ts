import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { leadStream } from '../../contracts/lead-events.js';
import { toLeadDetails, type LeadInput } from '../../domain/lead-input.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import { ReceiveLeads, type ReceivedLead } from './receive-leads.command.js';

@CommandHandler(ReceiveLeads)
export class ReceiveLeadsHandler implements ICommandHandler<ReceiveLeads, ReceivedLead[]> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
  ) {}

  async execute({ input: { vendorId, leads }, context }: ReceiveLeads): Promise<ReceivedLead[]> {
    const { duplicateDays } = this.config.leads;
    const received: ReceivedLead[] = [];
    for (const lead of leads) received.push(await inTransaction(this.pool, (tx) => receiveOne(tx, vendorId, lead, duplicateDays, context)));
    if (received.some((lead) => !lead.repeated)) outboxCommitted();
    return received;
  }
}

async function receiveOne(tx: SqlClient, vendorId: string, lead: LeadInput, duplicateDays: number, context: CommandContext): Promise<ReceivedLead> {
  const leadId = randomUUID();
  const { rows: inserted } = await tx.query(
    `INSERT INTO intake_leads (lead_id, vendor_id, external_id) VALUES ($1, $2, $3) ON CONFLICT (vendor_id, external_id) DO NOTHING RETURNING lead_id`,
    [leadId, vendorId, lead.externalId],
  );
  if (!inserted[0]) {
    // The vendor sent this lead before (its own id says so): the same answer, nothing new.
    const { rows } = await tx.query<{ lead_id: string; duplicate_of: string | null }>(
      'SELECT lead_id, duplicate_of FROM intake_leads WHERE vendor_id = $1 AND external_id = $2',
      [vendorId, lead.externalId],
    );
    const earlier = rows[0]!;
    return { leadId: earlier.lead_id, status: earlier.duplicate_of ? 'duplicate' : 'accepted', duplicateOf: earlier.duplicate_of, repeated: true };
  }
  const duplicateOf = await claimContacts(tx, leadId, [`phone:${lead.phone}`, ...(lead.email ? [`email:${lead.email}`] : [])], duplicateDays);
  if (duplicateOf) await tx.query('UPDATE intake_leads SET duplicate_of = $2 WHERE lead_id = $1', [leadId, duplicateOf]);
  // An aged lead is for sale in packages from now on, a business lead by the piece; data and SMM leads go to campaigns first.
  if (!duplicateOf && lead.source === 'aged_leads')
    await tx.query('INSERT INTO aged_inventory (lead_id, tier, state) VALUES ($1, $2, $3)', [leadId, lead.tier, lead.state]);
  if (!duplicateOf && lead.source === 'business') {
    await tx.query(`INSERT INTO aged_inventory (lead_id, kind, tier, state, city) VALUES ($1, 'business', $2, $3, $4)`, [
      leadId,
      lead.tier,
      lead.state,
      lead.city ?? null,
    ]);
  }
  await recordInOutbox(tx, leadStream(leadId), [
    newEvent('LeadReceived', { leadId, vendorId, externalId: lead.externalId, duplicateOf, ...toLeadDetails(lead) }, context),
  ]);
  return { leadId, status: duplicateOf ? 'duplicate' : 'accepted', duplicateOf, repeated: false };
}

/**
 * Claims the lead's contacts for it, unless one was claimed by another lead within the window:
 * then nothing is claimed and that earlier lead is answered. The row lock of the unique key
 * makes two leads with one contact take turns.
 */
async function claimContacts(tx: SqlClient, leadId: string, contacts: readonly string[], duplicateDays: number): Promise<string | null> {
  await tx.query('SAVEPOINT claim_contacts');
  for (const contact of [...contacts].sort()) {
    const { rows } = await tx.query(
      `INSERT INTO lead_contacts (contact, lead_id, seen_at) VALUES ($1, $2, now())
       ON CONFLICT (contact) DO UPDATE SET lead_id = EXCLUDED.lead_id, seen_at = EXCLUDED.seen_at
        WHERE lead_contacts.seen_at < now() - make_interval(days => $3)
       RETURNING lead_id`,
      [contact, leadId, duplicateDays],
    );
    if (!rows[0]) {
      await tx.query('ROLLBACK TO SAVEPOINT claim_contacts');
      const { rows: holder } = await tx.query<{ lead_id: string }>('SELECT lead_id FROM lead_contacts WHERE contact = $1', [contact]);
      return holder[0]!.lead_id;
    }
  }
  await tx.query('RELEASE SAVEPOINT claim_contacts');
  return null;
}
