import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { fold } from '../../../../platform/domain/decider.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { awaitStreamEvent } from '../../../../platform/processes/await-stream-event.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { recordSecurityEvent, type SecuritySource } from '../../../security/contracts/security-events.js';
import { agentAccessStream } from '../../contracts/access-streams.js';
import { hashAccessCode } from '../../domain/access-code-format.js';
import {
  agentAccessDecider,
  pendingRedemptionOf,
  remainingAttempts,
  type AgentAccessCommand,
  type AgentAccessEvent,
  type AgentAccessState,
} from '../../domain/agent-access.decider.js';
import { VerifyAccessCode, type VerifiedAccessCode } from './verify-access-code.command.js';

/** How long an answer waits for the code's side of the redemption before asking the agent to try again. */
export const REDEMPTION_WAIT_MS = 20_000;
/** Attempts of one agent through several API processes at once meet on its stream: they retry, they never answer 409. */
const ATTEMPT_CONFLICT_RETRIES = 20;

/**
 * Checks a code an agent typed (docs/processes.md, "access-code redemption"). The attempt is
 * decided on the agent's stream first, in one append that also checks the lockout: 5 failed
 * or pending attempts per 15 minutes, then 423 whatever the code. A wrong code is a failed
 * attempt there and then. A code that names a known code becomes a pending redemption; the
 * code's stream then decides whether it may be used (its maximum uses hold), and the answer
 * waits for that outcome on the agent's stream, so the access it grants is in force for the
 * agent's next request.
 */
@CommandHandler(VerifyAccessCode)
export class VerifyAccessCodeHandler implements ICommandHandler<VerifyAccessCode, VerifiedAccessCode> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: { code }, context }: VerifyAccessCode): Promise<VerifiedAccessCode> {
    const userId = context.actor.id;
    const streamId = agentAccessStream(userId);
    const source: SecuritySource = { ...context.client, userId, requestId: context.requestId };
    const codeId = await this.findCode(code, context.now);
    const command: AgentAccessCommand = codeId
      ? { type: 'RequestRedemption', userId, codeId, redemptionId: randomUUID() }
      : { type: 'RecordFailedAttempt', userId };

    const attempt = await handleCommand({
      store: this.store,
      streamId,
      decider: agentAccessDecider,
      command,
      context,
      conflictRetries: ATTEMPT_CONFLICT_RETRIES,
    }).catch(async (error: unknown) => {
      if (error instanceof DomainError && error.code === 'ACCESS_CODE_LOCKED') {
        await recordSecurityEvent(this.store, 'access_code_attempt', source, { locked: true, remainingAttempts: 0 });
      }
      throw error;
    });
    if (!codeId) return this.refuse(attempt.state, context.now, source);

    const { redemptionId } = pendingRedemptionOf(attempt.state, codeId, context.now)!;
    const outcome = await awaitStreamEvent(this.store, streamId, {
      afterVersion: attempt.version,
      timeoutMs: REDEMPTION_WAIT_MS,
      match: (event) => event.type !== 'AccessCodeRedemptionRequested' && (event.data as { redemptionId?: string }).redemptionId === redemptionId,
    });
    if (!outcome) throw new ApiError(503, 'ACCESS_CODE_PENDING', 'Your code is still being checked. Please try again in a moment.');
    const completed = outcome as unknown as AgentAccessEvent;
    if (completed.type === 'ElevatedAccessGranted') return { expiresAt: new Date(completed.data.expiresAt) };
    const state = fold(agentAccessDecider, (await this.store.readStream(streamId)) as unknown as AgentAccessEvent[]);
    return this.refuse(state, new Date(), source);
  }

  /**
   * The code a typed code names, unless the read model already shows it can never be used
   * again: disabled, expired and used up only ever become true, so a lagging read model can
   * miss one of them (the code's stream then decides) but never invent one.
   */
  private async findCode(code: string, now: Date): Promise<string | null> {
    const { rows } = await this.pool.query<{ code_id: string }>(
      `SELECT code_id FROM rm_access_codes
        WHERE code_hash = $1 AND NOT disabled AND (expires_at IS NULL OR expires_at > $2) AND (max_uses IS NULL OR uses < max_uses)`,
      [hashAccessCode(code), now],
    );
    return rows[0]?.code_id ?? null;
  }

  /** One answer for every unusable code: a guesser learns nothing about which codes exist. */
  private async refuse(state: AgentAccessState, now: Date, source: SecuritySource): Promise<never> {
    const left = { remainingAttempts: remainingAttempts(state, now) };
    await recordSecurityEvent(this.store, 'access_code_attempt', source, left);
    throw new DomainError('INVALID_ACCESS_CODE', 'Invalid access code', 400, left);
  }
}
