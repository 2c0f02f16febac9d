import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import type { SupportConfig } from '../../support.config.js';
import { WarnSlaDeadlines } from './warn-sla-deadlines.command.js';

const BATCH = 200;

/**
 * Finds the requests whose next deadline's warning time came and that were not warned of that
 * deadline (the read model's sla_warn_at and sla_warned_due_at), and lets each ticket decide on
 * its own stream, so a deadline is warned of once however many sweeps overlap.
 */
@CommandHandler(WarnSlaDeadlines)
export class WarnSlaDeadlinesHandler implements ICommandHandler<WarnSlaDeadlines, { warned: number }> {
  private readonly logger = new Logger('sla-warnings');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  async execute({ context }: WarnSlaDeadlines): Promise<{ warned: number }> {
    if (this.config.slaPolicy.warnBeforeMs === 0) return { warned: 0 };
    const { rows } = await this.pool.query<{ ticket_id: string }>(
      `SELECT ticket_id FROM rm_tickets WHERE sla_warn_at <= now() AND sla_warned_due_at IS DISTINCT FROM sla_due_at ORDER BY sla_warn_at LIMIT $1`,
      [BATCH],
    );
    let warned = 0;
    for (const { ticket_id: ticketId } of rows) {
      try {
        const { stored } = await handleCommand({
          store: this.store,
          streamId: ticketStream(ticketId),
          decider: ticketDecider,
          command: { type: 'WarnSlaDeadline', slaPolicy: this.config.slaPolicy },
          context,
        });
        warned += stored.length;
      } catch (error) {
        // One ticket's trouble (a conflict with a reply) waits for the next sweep; the others go on.
        this.logger.warn(`SLA warning for ${ticketId} not decided: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { warned };
  }
}
