import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { lockKey } from '../../../../platform/persistence/advisory-lock.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { userExists } from '../../../identity/contracts/user-directory.js';
import { agentBonusStream, type AgentBonusSettings } from '../../contracts/bonus-events.js';
import { agentBonusSettingsOf } from '../../services/bonus-agents.js';
import { SetAgentBonusSettings } from './set-agent-bonus-settings.command.js';

const UNIQUE_VIOLATION = '23505';
const FIELDS: readonly (keyof AgentBonusSettings)[] = ['agentNumber', 'commissionRole', 'programStartDate', 'blueReportTrack'];

/** Saves the settings and records what changed as AgentBonusSettingsChanged, in one transaction; an agent number belongs to one agent. */
@CommandHandler(SetAgentBonusSettings)
export class SetAgentBonusSettingsHandler implements ICommandHandler<SetAgentBonusSettings, AgentBonusSettings> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input, context }: SetAgentBonusSettings): Promise<AgentBonusSettings> {
    const { userId, ...settings } = input;
    if (!(await userExists(this.pool, userId))) throw new DomainError('USER_NOT_FOUND', 'No such user.', 404);
    try {
      const changed = await inTransaction(this.pool, async (tx) => {
        await lockKey(tx, 'bonus-agent', userId);
        const before = await agentBonusSettingsOf(tx, userId);
        const changed = FIELDS.filter((field) => (before?.[field] ?? null) !== settings[field]);
        if (changed.length === 0) return false;
        await tx.query(
          `INSERT INTO bonus_agents (user_id, agent_number, commission_role, program_start_date, blue_report_track, updated_at, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (user_id) DO UPDATE SET agent_number = EXCLUDED.agent_number, commission_role = EXCLUDED.commission_role,
             program_start_date = EXCLUDED.program_start_date, blue_report_track = EXCLUDED.blue_report_track,
             updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by`,
          [userId, settings.agentNumber, settings.commissionRole, settings.programStartDate, settings.blueReportTrack, context.now, context.actor.id],
        );
        await recordInOutbox(tx, agentBonusStream(userId), [newEvent('AgentBonusSettingsChanged', { userId, ...settings, changed }, context)]);
        return true;
      });
      if (changed) outboxCommitted();
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION)
        throw new DomainError('AGENT_NUMBER_TAKEN', `Agent number ${settings.agentNumber} is already another agent's.`, 409);
      throw error;
    }
    return settings;
  }
}
