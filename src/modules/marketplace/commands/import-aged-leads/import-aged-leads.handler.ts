import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { ValidationFailed } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../../platform/realtime/realtime-hub.js';
import { CONFIG, REALTIME_HUB, SQL_POOL } from '../../../../platform/tokens.js';
import { AGED_IMPORTS_TOPIC } from '../../contracts/aged-imports.js';
import { agedImportStream } from '../../contracts/lead-events.js';
import { csvColumnOf, parseAgedLeadsCsv, type CsvRowError } from '../../domain/aged-leads-csv.js';
import { leadInput, type LeadInput } from '../../domain/lead-input.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';
import type { AgedImportDuplicate } from '../../queries/get-aged-import/get-aged-import.query.js';
import { receiveLeadBatch } from '../receive-leads/receive-lead-batch.js';
import type { ReceivedLead } from '../receive-leads/receive-leads.command.js';
import { ImportAgedLeads } from './import-aged-leads.command.js';

/** Rows stored in one transaction: large enough that the file goes in a few round trips, small enough that no lock is held long. */
export const IMPORT_BATCH_ROWS = 1_000;
const CHECKED_PER_TURN = 100;

/** Another run of the job stored this batch first: this run has nothing left to do. */
class ImportMovedOn extends Error {}

type ImportRow = { vendor_id: string; admin_id: string; csv: string | null; rows_done: number };
type FileRow = { row: number; lead?: Record<string, unknown>; error?: CsvRowError };
type BatchReport = { rowsDone: number; imported: number; rejected: number; duplicates: AgedImportDuplicate[]; errors: CsvRowError[] };

@CommandHandler(ImportAgedLeads)
export class ImportAgedLeadsHandler implements ICommandHandler<ImportAgedLeads, void> {
  private readonly logger = new Logger('ImportAgedLeads');

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: MarketplaceConfig,
    @Inject(REALTIME_HUB) private readonly realtime: RealtimeHub,
  ) {}

  async execute({ input: { importId, lastAttempt }, context }: ImportAgedLeads): Promise<void> {
    const { rows } = await this.pool.query<ImportRow>(
      `UPDATE aged_imports SET status = 'running', started_at = coalesce(started_at, now()), failure = NULL
        WHERE import_id = $1 AND status <> 'done' RETURNING vendor_id, admin_id, csv, rows_done`,
      [importId],
    );
    const found = rows[0];
    if (!found?.csv) return;
    const tell = () => this.realtime.publish([{ userId: found.admin_id, topic: AGED_IMPORTS_TOPIC }]);
    try {
      await this.importRows(importId, found, context, tell);
    } catch (error) {
      if (error instanceof ImportMovedOn) return;
      if (lastAttempt) await this.fail(importId, found.vendor_id, error, context);
      throw error;
    } finally {
      tell();
    }
  }

  private async importRows(importId: string, found: ImportRow, context: CommandContext, tell: () => void): Promise<void> {
    const parsed = await parseAgedLeadsCsv(found.csv!);
    if (!parsed.ok) throw new Error(parsed.message);
    const fileRows: FileRow[] = [...parsed.rows, ...parsed.errors.map((error) => ({ row: error.row, error }))].sort((a, b) => a.row - b.row);
    const schema = leadInput(context.now);
    const { duplicateDays } = this.config.leads;
    let rowsDone = found.rows_done;
    while (rowsDone < fileRows.length) {
      const batch = fileRows.slice(rowsDone, rowsDone + IMPORT_BATCH_ROWS);
      const errors: CsvRowError[] = [];
      const valid: { row: number; lead: LeadInput }[] = [];
      for (const [index, { row, lead, error }] of batch.entries()) {
        if (error) errors.push(error);
        else checkRow(schema, row, lead!, valid, errors);
        // A thousand rows take ~100 ms to check: the process's other requests get a turn between slices.
        if (index % CHECKED_PER_TURN === CHECKED_PER_TURN - 1) await nextTurn();
      }
      const report = (received: readonly ReceivedLead[]): BatchReport => ({
        rowsDone: rowsDone + batch.length,
        imported: received.filter((lead) => !lead.repeated && !lead.duplicateOf).length,
        rejected: new Set(errors.map((e) => e.row)).size,
        duplicates: received.flatMap((lead, i) => duplicateOf(lead, valid[i]!.row, duplicateDays)),
        errors,
      });
      const record = (tx: SqlClient, received: readonly ReceivedLead[]) => recordProgress(tx, importId, rowsDone, report(received));
      if (valid.length === 0) await record(this.pool, []);
      else {
        await receiveLeadBatch(this.pool, { vendorId: found.vendor_id, leads: valid.map((item) => item.lead), duplicateDays, context }, record);
        outboxCommitted();
      }
      tell();
      rowsDone += batch.length;
    }
    await this.finish(importId, found.vendor_id, context);
  }

  private async finish(importId: string, vendorId: string, context: CommandContext): Promise<void> {
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ rows: number; imported: number; duplicates: number; rejected: number }>(
        `UPDATE aged_imports SET status = 'done', finished_at = now(), csv = NULL WHERE import_id = $1 AND status = 'running'
         RETURNING rows_total AS rows, imported, jsonb_array_length(duplicates) AS duplicates, rejected`,
        [importId],
      );
      if (!rows[0]) return;
      await recordInOutbox(tx, agedImportStream(importId), [newEvent('AgedImportFinished', { importId, vendorId, ...rows[0] }, context)]);
    });
    outboxCommitted();
  }

  private async fail(importId: string, vendorId: string, error: unknown, context: CommandContext): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.error(`Aged import ${importId} failed: ${reason}`);
    await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ rows_done: number }>(
        // The file goes too: its leads' phones and e-mails are not kept for an import that will not run again.
        `UPDATE aged_imports SET status = 'failed', failure = $2, finished_at = now(), csv = NULL WHERE import_id = $1 AND status = 'running' RETURNING rows_done`,
        [importId, reason],
      );
      if (!rows[0]) return;
      await recordInOutbox(tx, agedImportStream(importId), [
        newEvent('AgedImportFailed', { importId, vendorId, rowsDone: rows[0].rows_done, reason }, context),
      ]);
    });
    outboxCommitted();
  }
}

/** A row as intake checks a lead: the lead, or each field's message under the CSV column an admin can fix. */
function checkRow(
  schema: ReturnType<typeof leadInput>,
  row: number,
  lead: Record<string, unknown>,
  valid: { row: number; lead: LeadInput }[],
  errors: CsvRowError[],
) {
  try {
    valid.push({ row, lead: validate(schema, lead) });
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    for (const fieldError of error.fieldErrors ?? []) errors.push({ row, field: csvColumnOf(fieldError.field), message: fieldError.message });
  }
}

/** A stored row that is no new lead for sale, with what made it one: its externalId (imported before) or its phone or e-mail (seen within the window). */
function duplicateOf(lead: ReceivedLead, row: number, duplicateDays: number): AgedImportDuplicate[] {
  if (lead.repeated)
    return [{ row, leadId: lead.leadId, duplicateOf: lead.leadId, field: 'externalId', message: 'Already imported from this vendor with this externalId.' }];
  if (lead.duplicateOf)
    return [
      {
        row,
        leadId: lead.leadId,
        duplicateOf: lead.duplicateOf,
        field: 'phone / email',
        message: `Same phone or e-mail as a lead received within ${duplicateDays} days: stored, never sold.`,
      },
    ];
  return [];
}

/** A batch's outcome added to the import, in the batch's transaction; only the run that stands where the import stands may add it. */
async function recordProgress(tx: SqlClient, importId: string, from: number, report: BatchReport): Promise<void> {
  const { rowCount } = await tx.query(
    `UPDATE aged_imports SET rows_done = $3, imported = imported + $4, rejected = rejected + $5,
            duplicates = duplicates || $6::jsonb, errors = errors || $7::jsonb
      WHERE import_id = $1 AND rows_done = $2 AND status = 'running'`,
    [importId, from, report.rowsDone, report.imported, report.rejected, JSON.stringify(report.duplicates), JSON.stringify(report.errors)],
  );
  if (rowCount === 0) throw new ImportMovedOn();
}
