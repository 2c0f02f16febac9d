import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { accessCodesProjection } from '../../../../../projections/access/access-codes/access-codes.projection.js';
import { everyDatabaseAndQueue, moduleHarness } from '../../../../../test/support/module-harness.js';
import { inParallel, tally } from '../../../../../test/support/parallel.js';
import { describeOn } from '../../../../../test/support/test-databases.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { RecordedEvent } from '../../../../platform/event-store/event-store.port.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { accessCodeStream, agentAccessStream } from '../../contracts/access-streams.js';
import { elevatedAccessUntil } from '../../contracts/elevated-access.js';
import { MAX_FAILED_ATTEMPTS } from '../../domain/agent-access.decider.js';
import { accessCodeRedemptionTriggers, registerAccessCodeRedemptionJobs } from '../../jobs/access-code-redemption.job.js';
import { CompleteAccessCodeRedemptionHandler } from '../complete-access-code-redemption/complete-access-code-redemption.handler.js';
import { CreateAccessCode } from '../create-access-code/create-access-code.command.js';
import { CreateAccessCodeHandler } from '../create-access-code/create-access-code.handler.js';
import { RedeemAccessCodeHandler } from '../redeem-access-code/redeem-access-code.handler.js';
import { VerifyAccessCode } from './verify-access-code.command.js';
import { VerifyAccessCodeHandler } from './verify-access-code.handler.js';

const agent = (): AuthenticatedUser => ({ userId: randomUUID() }) as AuthenticatedUser;
const statusOf = (error: unknown) => (error instanceof DomainError || error instanceof ApiError ? error.status : String(error));

for (const setup of everyDatabaseAndQueue('access')) {
  describeOn(setup, `access-code verification on ${setup.label}`, () => {
    const harness = moduleHarness(setup, {
      providers: [CreateAccessCodeHandler, VerifyAccessCodeHandler, RedeemAccessCodeHandler, CompleteAccessCodeRedemptionHandler],
      queue: setup.queue,
      registerJobs: ({ queue, commands }) => registerAccessCodeRedemptionJobs(queue, commands),
      jobTriggers: accessCodeRedemptionTriggers,
      projections: [accessCodesProjection],
      pollIntervalMs: 100,
    });

    const verify = (user: AuthenticatedUser, code: string) =>
      harness.commands
        .execute(new VerifyAccessCode({ code }, { ...userRequestContext(user.userId, randomUUID()), client: { ip: '192.0.2.1', userAgent: undefined } }))
        .then(
          () => 200,
          (error: unknown) => statusOf(error),
        );

    async function newCode(maxUses: number | null = null): Promise<string> {
      const { codeId, code } = await harness.commands.execute(
        new CreateAccessCode({ label: 'burst', grantsHours: 2, expiresAt: null, maxUses }, userRequestContext(randomUUID(), 'test')),
      );
      await expect.poll(async () => (await harness.pool.query('SELECT 1 FROM rm_access_codes WHERE code_id = $1', [codeId])).rowCount).toBe(1);
      return code;
    }

    const attemptsLogged = async (userId: string) =>
      (
        await harness.pool.query<{ details: { locked?: boolean } }>(
          `SELECT data->'details' AS details FROM es_events WHERE event_type = 'SecurityEventRecorded' AND data->>'userId' = $1 AND data->>'eventType' = 'access_code_attempt'`,
          [userId],
        )
      ).rows;

    it('counts every one of 30 wrong codes sent at once: 5 fail, 25 are refused as locked and logged so, none answers 409, and the right code is then refused too', async () => {
      const code = await newCode();
      const user = agent();
      const statuses = await inParallel(30, (i) => verify(user, `WRONG-CODE-${i}`));
      expect(tally(statuses)).toEqual({ 400: MAX_FAILED_ATTEMPTS, 423: 30 - MAX_FAILED_ATTEMPTS });
      const stream = await harness.store.readStream(agentAccessStream(user.userId));
      expect(stream.filter((e) => e.type === 'AccessCodeAttemptFailed')).toHaveLength(MAX_FAILED_ATTEMPTS);
      const logged = await attemptsLogged(user.userId);
      expect(logged).toHaveLength(30);
      expect(logged.filter((row) => row.details.locked === true)).toHaveLength(30 - MAX_FAILED_ATTEMPTS);

      expect(await verify(user, code)).toBe(423);
      expect(await elevatedAccessUntil(harness.store, user.userId)).toBeNull();
    });

    it('lets a right code inside a burst of 30 guesses through only if it came before the lockout, in the order the stream recorded', async () => {
      const code = await newCode();
      const user = agent();
      const statuses = await inParallel(30, (i) => verify(user, i === 17 ? code : `WRONG-CODE-${i}`));
      const { 200: granted = 0, 400: failed = 0, 423: locked = 0 } = tally(statuses);
      expect(granted + failed + locked).toBe(30);
      const stream = await harness.store.readStream(agentAccessStream(user.userId));
      expect(attemptsBeforeEachGrant(stream).every((n) => n <= MAX_FAILED_ATTEMPTS)).toBe(true);
      expect(stream.filter((e) => e.type === 'AccessCodeAttemptFailed')).toHaveLength(failed);
      expect(stream.some((e) => e.type === 'ElevatedAccessGranted')).toBe(granted === 1);
      expect((await elevatedAccessUntil(harness.store, user.userId)) !== null).toBe(granted === 1);
    });

    it('never lets a code be used more than its maximum when 30 agents redeem it at once', async () => {
      const code = await newCode(3);
      const agents = Array.from({ length: 30 }, agent);
      const statuses = await inParallel(30, (i) => verify(agents[i]!, code));
      expect(tally(statuses)).toEqual({ 200: 3, 400: 27 });
      const codeId = (await harness.pool.query<{ code_id: string }>('SELECT code_id FROM rm_access_codes WHERE max_uses = 3 ORDER BY created_at DESC LIMIT 1'))
        .rows[0]!.code_id;
      const redeemed = (await harness.store.readStream(accessCodeStream(codeId))).filter((e) => e.type === 'AccessCodeRedeemed');
      expect(redeemed).toHaveLength(3);
      const elevated = await Promise.all(agents.map((a) => elevatedAccessUntil(harness.store, a.userId)));
      expect(elevated.filter((until) => until !== null)).toHaveLength(3);
      expect(new Set(redeemed.map((e) => (e.data as { userId: string }).userId))).toEqual(
        new Set(agents.filter((_, i) => statuses[i] === 200).map((a) => a.userId)),
      );
    });
  });
}

/** For each grant in the stream, how many attempts (failed or pending) were counted since the previous grant. */
function attemptsBeforeEachGrant(stream: readonly RecordedEvent[]): number[] {
  const counts: number[] = [];
  let attempts = 0;
  for (const event of stream) {
    if (event.type === 'AccessCodeAttemptFailed' && !(event.data as { redemptionId?: string }).redemptionId) attempts++;
    if (event.type === 'AccessCodeRedemptionRequested') attempts++;
    if (event.type === 'ElevatedAccessGranted') {
      counts.push(attempts);
      attempts = 0;
    }
  }
  counts.push(attempts);
  return counts;
}
