import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { agedImportStream } from '../../contracts/lead-events.js';
import { agedImport, type AgedImportView } from '../../queries/get-aged-import/get-aged-import.query.js';
import { StartAgedImport } from './start-aged-import.command.js';

const KEY_REUSED = () => new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another upload (another file or vendor).', 409);

@CommandHandler(StartAgedImport)
export class StartAgedImportHandler implements ICommandHandler<StartAgedImport, AgedImportView> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { vendorId, csv, rows, fileName }, context, idempotencyKey }: StartAgedImport): Promise<AgedImportView> {
    const adminId = context.actor.id;
    const importId = idempotencyKey ? deterministicUuid('v8', 'aged-import', adminId, idempotencyKey) : randomUUID();
    const requestHash = createHash('sha256').update(vendorId).update('\u0000').update(csv).digest('hex');
    const started = await inTransaction(this.pool, async (tx) => {
      // The same upload again answers the import it started, whatever became of the vendor since.
      if (await sentBefore(tx, importId, requestHash)) return false;
      const { rows: vendor } = await tx.query<{ revoked: boolean }>('SELECT revoked_at IS NOT NULL AS revoked FROM lead_vendors WHERE vendor_id = $1', [
        vendorId,
      ]);
      if (!vendor[0]) throw new DomainError('VENDOR_NOT_FOUND', 'No such lead vendor.', 404);
      if (vendor[0].revoked) throw new DomainError('VENDOR_REVOKED', 'This vendor was revoked; choose another.', 409);
      const { rowCount } = await tx.query(
        `INSERT INTO aged_imports (import_id, vendor_id, admin_id, request_hash, file_name, csv, rows_total) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (import_id) DO NOTHING`,
        [importId, vendorId, adminId, requestHash, fileName, csv, rows],
      );
      if (rowCount === 0) {
        if (!(await sentBefore(tx, importId, requestHash))) throw KEY_REUSED();
        return false;
      }
      await recordInOutbox(tx, agedImportStream(importId), [newEvent('AgedImportStarted', { importId, vendorId, rows, fileName }, context)]);
      return true;
    });
    if (started) outboxCommitted();
    return (await agedImport(this.pool, importId))!;
  }
}

/** Whether this import exists already: from this very upload (true), or from another under the same key (refused). */
async function sentBefore(tx: SqlClient, importId: string, requestHash: string): Promise<boolean> {
  const { rows } = await tx.query<{ request_hash: string }>('SELECT request_hash FROM aged_imports WHERE import_id = $1', [importId]);
  if (!rows[0]) return false;
  if (rows[0].request_hash !== requestHash) throw KEY_REUSED();
  return true;
}
