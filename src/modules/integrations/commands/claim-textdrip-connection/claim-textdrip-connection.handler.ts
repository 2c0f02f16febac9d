import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import type { TextdripFailure } from '../connect-textdrip/textdrip-connections.js';
import { ClaimTextdripConnection, type Claim, type ClaimStatus } from './claim-textdrip-connection.command.js';

/** The outcome of the connection request the agent's window opened, as Textdrip's return left it. */
@CommandHandler(ClaimTextdripConnection)
export class ClaimTextdripConnectionHandler implements ICommandHandler<ClaimTextdripConnection, Claim | null> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { networkId }, context }: ClaimTextdripConnection): Promise<Claim | null> {
    const userId = context.actor.id;
    const { rows } = await this.pool.query<{
      used: boolean;
      outcome: 'connected' | 'failed' | null;
      failure: TextdripFailure | null;
      fresh: boolean;
      active: boolean;
    }>(
      `SELECT r.used_at IS NOT NULL AS used, r.outcome, r.failure, r.expires_at > now() AS fresh,
              EXISTS (SELECT 1 FROM integration_configs c WHERE c.user_id = r.user_id AND c.provider = 'textdrip' AND c.is_active) AS active
         FROM textdrip_connection_requests r WHERE r.user_id = $1 AND r.network_id = $2`,
      [userId, networkId],
    );
    const row = rows[0];
    if (!row) return null;
    const connected = row.outcome === 'connected' && row.active;
    const status: ClaimStatus = connected
      ? 'connected'
      : row.outcome === 'connected'
        ? 'disconnected'
        : row.outcome === 'failed'
          ? 'failed'
          : !row.used && !row.fresh
            ? 'expired'
            : 'pending';
    return { networkId, status, connected, reason: row.outcome === 'failed' ? row.failure : status === 'expired' ? 'expired' : null };
  }
}
