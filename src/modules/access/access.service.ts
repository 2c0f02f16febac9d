import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { AuthenticatedUser } from '../../platform/auth/session-store.js';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/domain-error.js';
import { handleCommand } from '../../platform/event-store/command-handling.js';
import type { Actor, EventStore } from '../../platform/event-store/event-store.port.js';
import { requestContext, userRequestContext } from '../../platform/event-store/new-event.js';
import { EVENT_STORE, SQL_POOL } from '../../platform/tokens.js';
import { recordSecurityEvent } from '../security/contracts/security-events.js';
import { accessCodeStream, agentAccessStream } from './contracts/access-streams.js';
import { generateAccessCode, hashAccessCode } from './domain/access-code-format.js';
import { accessCodeDecider } from './domain/access-code.decider.js';
import { agentAccessDecider, lockedUntil, LOCKED_MESSAGE, remainingAttempts, type AgentAccessEvent } from './domain/agent-access.decider.js';

export type NewAccessCode = { label: string; grantsHours: number; expiresAt: Date | null; maxUses: number | null };

@Injectable()
export class AccessService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  /** Creates a code and returns it: the only time anyone sees it. */
  async createCode(by: Actor, input: NewAccessCode, requestId: string): Promise<{ codeId: string; code: string }> {
    const codeId = randomUUID();
    const code = generateAccessCode();
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'CreateAccessCode', codeId, codeHash: hashAccessCode(code), ...input, adminId: by.id },
      context: requestContext(by, requestId),
    });
    return { codeId, code };
  }

  async disableCode(admin: AuthenticatedUser, codeId: string, requestId: string): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'DisableAccessCode', adminId: admin.userId },
      context: userRequestContext(admin.userId, requestId),
    });
  }

  /**
   * Checks a code an agent typed. A wrong, disabled, expired or used-up code costs one of 5
   * attempts per 15 minutes; then the agent is locked out until the window moves on.
   */
  async verify(user: AuthenticatedUser, code: string, requestId: string, client: { ip?: string; userAgent?: string } = {}): Promise<{ expiresAt: Date }> {
    const context = userRequestContext(user.userId, requestId);
    const stream = agentAccessStream(user.userId);
    const before = fold(agentAccessDecider, (await this.store.readStream(stream)) as unknown as AgentAccessEvent[]);
    if (lockedUntil(before, context.now)) throw new DomainError('ACCESS_CODE_LOCKED', LOCKED_MESSAGE, 423, { remainingAttempts: 0 });

    const { rows } = await this.pool.query<{ code_id: string; grants_hours: number }>('SELECT code_id, grants_hours FROM rm_access_codes WHERE code_hash = $1', [
      hashAccessCode(code),
    ]);
    const match = rows[0];
    let redeemed = false;
    if (match) {
      try {
        await handleCommand({ store: this.store, streamId: accessCodeStream(match.code_id), decider: accessCodeDecider, command: { type: 'RedeemAccessCode', userId: user.userId }, context });
        redeemed = true;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'INVALID_ACCESS_CODE')) throw error;
      }
    }
    if (!redeemed) {
      const { state } = await handleCommand({ store: this.store, streamId: stream, decider: agentAccessDecider, command: { type: 'RecordFailedAttempt', userId: user.userId }, context });
      const left = { remainingAttempts: remainingAttempts(state, context.now) };
      await recordSecurityEvent(this.store, 'access_code_attempt', { ...client, userId: user.userId, requestId }, left);
      throw new DomainError('INVALID_ACCESS_CODE', 'Invalid access code', 400, left);
    }
    const { state } = await handleCommand({
      store: this.store,
      streamId: stream,
      decider: agentAccessDecider,
      command: { type: 'GrantElevatedAccess', userId: user.userId, codeId: match!.code_id, hours: match!.grants_hours },
      context,
    });
    return { expiresAt: new Date(state.elevatedUntil!) };
  }

  async revoke(user: AuthenticatedUser, requestId: string): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: agentAccessStream(user.userId),
      decider: agentAccessDecider,
      command: { type: 'RevokeElevatedAccess', userId: user.userId },
      context: userRequestContext(user.userId, requestId),
    });
  }
}
