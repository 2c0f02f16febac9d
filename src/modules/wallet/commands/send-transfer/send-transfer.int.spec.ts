import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { beforeAll, expect, it } from 'vitest';

import { jobEnded, streamJobsEnded } from '../../../../../test/support/async-work.js';
import { everyDatabaseAndQueue, moduleHarness } from '../../../../../test/support/module-harness.js';
import { inParallel, tally } from '../../../../../test/support/parallel.js';
import { describeOn } from '../../../../../test/support/test-databases.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import { toJsonEvent } from '../../../../platform/event-store/json-event.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { CONFIG } from '../../../../platform/tokens.js';
import { walletStream, type WalletEvent } from '../../contracts/wallet-events.js';
import { RECEIVE_TRANSFER, receiveTransferStep, registerTransferCreditJobs, transferCreditTriggers } from '../../jobs/transfer-credit.job.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import type { WalletConfig } from '../../wallet.config.js';
import { AddTestCredit } from '../add-test-credit/add-test-credit.command.js';
import { AddTestCreditHandler } from '../add-test-credit/add-test-credit.handler.js';
import type { TransferSentEvent } from '../receive-transfer/receive-transfer.command.js';
import { ReceiveTransferHandler } from '../receive-transfer/receive-transfer.handler.js';
import type { TransferAnswer } from './send-transfer.command.js';
import { SendTransferHandler } from './send-transfer.handler.js';
import { SendTransferController } from './send-transfer.http.controller.js';

const DAILY_LIMIT_CENTS = 100_000;

type Account = { readonly userId: string; readonly email: string };
type Outcome = { readonly status: number; readonly code?: string; readonly message?: string; readonly body?: TransferAnswer };

const outcomeOf = (error: unknown): Outcome => {
  if (error instanceof DomainError || error instanceof ApiError) return { status: error.status, code: error.code, message: error.message };
  throw error;
};

for (const setup of everyDatabaseAndQueue('transfers')) {
  describeOn(setup, `transfers between agents on ${setup.label}`, () => {
    const harness = moduleHarness(setup, {
      providers: [WalletLedger, AddTestCreditHandler, SendTransferHandler, ReceiveTransferHandler],
      values: [[CONFIG, { wallet: { transferDailyLimitCents: DAILY_LIMIT_CENTS }, orgTimeZone: 'America/New_York' }]],
      queue: setup.queue,
      registerJobs: ({ queue, commands }) => registerTransferCreditJobs(queue, commands),
      jobTriggers: transferCreditTriggers,
    });
    let controller: SendTransferController;

    beforeAll(() => {
      controller = new SendTransferController(harness.commands, harness.pool, { wallet: { transferDailyLimitCents: DAILY_LIMIT_CENTS } } as WalletConfig);
    });

    async function account(options: { satLeaderEmail?: string | null; satLeader?: boolean; admin?: boolean } = {}): Promise<Account> {
      const userId = randomUUID();
      const email = `agent-${userId.slice(0, 8)}@transfers.test`;
      await harness.pool.query(`INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())`, [userId, email]);
      await harness.pool.query(`INSERT INTO profiles (user_id, email, title_code, sat_manager_email) VALUES ($1, $2, $3, $4)`, [
        userId,
        email,
        options.satLeader ? 'Satellite' : null,
        options.satLeaderEmail ?? null,
      ]);
      if (options.admin) await harness.pool.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [userId]);
      return { userId, email };
    }

    /** A SAT leader and an agent who chose them. */
    async function team(): Promise<{ leader: Account; agent: Account }> {
      const leader = await account({ satLeader: true });
      const agent = await account({ satLeaderEmail: leader.email });
      return { leader, agent };
    }

    const fund = (who: Account, amountCents: number) =>
      harness.commands.execute(new AddTestCredit({ userId: who.userId, creditId: randomUUID(), amountCents }, userRequestContext(randomUUID()), randomUUID()));

    /** POST /api/wallet/transfers as `sender`'s session, through the controller (Idempotency-Key, validation, the command). */
    const send = (sender: Account, body: Record<string, unknown>, key: string | null = randomUUID()): Promise<Outcome> => {
      const request = { id: randomUUID(), headers: key === null ? {} : { 'idempotency-key': key } } as unknown as FastifyRequest;
      const user = { userId: sender.userId, email: sender.email } as AuthenticatedUser;
      return controller.send(user, body, request).then((answer) => ({ status: 200, body: answer }), outcomeOf);
    };

    const events = async (who: Account) =>
      (await harness.store.readStream(walletStream(who.userId))) as unknown as (WalletEvent & { metadata: { eventId: string } })[];
    const available = async (who: Account) => (await harness.app.get(WalletLedger).balances(who.userId)).availableCents;
    const received = async (who: Account) => (await events(who)).filter((e) => e.type === 'TransferReceived');

    it('lets an agent send to their own SAT leader: the sender is debited, the leader credited by the job, and the answer says completed', async () => {
      const { leader, agent } = await team();
      await fund(agent, 10_000);
      const sent = await send(agent, { amountCents: 2_500, recipientEmail: leader.email.toUpperCase(), description: 'Lead share' });
      expect(sent).toMatchObject({ status: 200, body: { status: 'completed', availableCents: 7_500 } });
      expect(await available(leader)).toBe(2_500);
      const [credit] = await received(leader);
      expect(credit?.data).toMatchObject({
        transferId: sent.body!.transferId,
        amountCents: 2_500,
        senderUserId: agent.userId,
        senderEmail: agent.email,
        description: 'Lead share',
      });
    });

    it('lets a SAT leader send to an agent who chose them', async () => {
      const { leader, agent } = await team();
      await fund(leader, 5_000);
      expect(await send(leader, { amountCents: 1_000, recipientEmail: agent.email })).toMatchObject({ status: 200, body: { availableCents: 4_000 } });
      await expect.poll(() => available(agent)).toBe(1_000);
    });

    it('refuses a stranger with 403 saying who the agent may send to, and stores nothing', async () => {
      const { leader, agent } = await team();
      const stranger = await account();
      await fund(agent, 5_000);
      const refused = await send(agent, { amountCents: 1_000, recipientEmail: stranger.email });
      expect(refused).toEqual({
        status: 403,
        code: 'TRANSFER_NOT_ALLOWED',
        message: `You can send money only to your SAT leader (${leader.email}) or to agents who chose you as their SAT leader.`,
      });
      // A fellow agent under the same leader is not in the sender's line either.
      const peer = await account({ satLeaderEmail: leader.email });
      expect((await send(agent, { amountCents: 1_000, recipientEmail: peer.email })).status).toBe(403);
      expect((await events(agent)).map((e) => e.type)).toEqual(['TestCreditAdded']);
      expect(await available(stranger)).toBe(0);
    });

    it('answers 404 for an e-mail address no agent has', async () => {
      const { agent } = await team();
      await fund(agent, 5_000);
      expect(await send(agent, { amountCents: 1_000, recipientEmail: `nobody-${randomUUID()}@transfers.test` })).toEqual({
        status: 404,
        code: 'RECIPIENT_NOT_FOUND',
        message: 'No agent has this e-mail address.',
      });
    });

    it('lets an admin send to anyone', async () => {
      const admin = await account({ admin: true });
      const stranger = await account();
      await fund(admin, 5_000);
      expect(await send(admin, { amountCents: 1_234, recipientEmail: stranger.email })).toMatchObject({ status: 200 });
      await expect.poll(() => available(stranger)).toBe(1_234);
    });

    it('refuses a transfer to oneself with the wallet’s own refusal', async () => {
      const admin = await account({ admin: true });
      await fund(admin, 5_000);
      expect(await send(admin, { amountCents: 100, recipientEmail: admin.email })).toMatchObject({ status: 400, code: 'TRANSFER_TO_SELF' });
    });

    it('holds the daily limit per sender and says how much is left today', async () => {
      const { leader, agent } = await team();
      await fund(agent, 300_000);
      expect((await send(agent, { amountCents: 60_000, recipientEmail: leader.email })).status).toBe(200);
      expect(await send(agent, { amountCents: 50_000, recipientEmail: leader.email })).toEqual({
        status: 422,
        code: 'TRANSFER_DAILY_LIMIT',
        message: 'You can transfer up to $1,000.00 per day; $400.00 is left today.',
      });
      expect((await send(agent, { amountCents: 40_000, recipientEmail: leader.email })).status).toBe(200);
      expect((await send(agent, { amountCents: 1, recipientEmail: leader.email })).code).toBe('TRANSFER_DAILY_LIMIT');
      expect(await available(agent)).toBe(200_000);
    });

    it('never overdraws a wallet when 30 transfers leave it at once, and credits every stored debit exactly once', async () => {
      const leader = await account({ satLeader: true });
      const agent = await account({ satLeaderEmail: leader.email, satLeader: true });
      const downlines = [await account({ satLeaderEmail: agent.email }), await account({ satLeaderEmail: agent.email })];
      const recipients = [leader, ...downlines];
      await fund(agent, 10_000);
      const outcomes = await inParallel(30, (i) => send(agent, { amountCents: 1_000, recipientEmail: recipients[i % 3]!.email, description: `burst ${i}` }));
      expect(tally(outcomes.map((o) => o.code ?? o.status))).toEqual({ 200: 10, INSUFFICIENT_BALANCE: 20 });
      expect(await available(agent)).toBe(0);

      const debits = (await events(agent)).filter((e) => e.type === 'TransferSent');
      expect(debits).toHaveLength(10);
      const credits = async () => (await Promise.all(recipients.map(received))).flat();
      await expect.poll(async () => (await credits()).length).toBe(10);
      const creditsByTransfer = tally((await credits()).map((e) => (e.data as { transferId: string }).transferId));
      expect(Object.keys(creditsByTransfer).sort()).toEqual(debits.map((e) => (e.data as { transferId: string }).transferId).sort());
      expect(Object.values(creditsByTransfer).every((n) => n === 1)).toBe(true);
      const sum = (list: readonly WalletEvent[]) => list.reduce((total, e) => total + ('amountCents' in e.data ? e.data.amountCents : 0), 0);
      expect(sum(await credits())).toBe(sum(debits));
      const answered = outcomes.filter((o) => o.status === 200).map((o) => o.body!.transferId);
      expect(answered.sort()).toEqual(Object.keys(creditsByTransfer).sort());
    });

    it('credits once when the credit job is delivered again, even after the recipient’s wallet changed', async () => {
      const { leader, agent } = await team();
      await fund(agent, 5_000);
      const sent = await send(agent, { amountCents: 700, recipientEmail: leader.email });
      await expect.poll(async () => (await received(leader)).length).toBe(1);
      const debit = (await harness.store.readStream(walletStream(agent.userId))).find((e) => e.type === 'TransferSent')!;
      const job = { event: toJsonEvent(debit) as TransferSentEvent };

      // Delivered again through the queue (a new job id, as after a lost acknowledgement), and run twice by hand.
      const again = `again-${randomUUID()}`;
      await harness.queue.enqueue(RECEIVE_TRANSFER, job, { jobId: again });
      await harness.commands.execute(receiveTransferStep(job.event));
      await harness.commands.execute(receiveTransferStep(job.event));
      // The leader now owes money (a top-up spent, then disputed): a repeat would decide a debt repayment too.
      const ledger = harness.app.get(WalletLedger);
      const context = userRequestContext(leader.userId);
      await ledger.decide(
        { type: 'Deposit', userId: leader.userId, paymentId: 'pay-1', amountCents: 1_000, provider: 'demo', autoRecharge: false },
        context,
        randomUUID(),
      );
      await ledger.decide(
        { type: 'Charge', userId: leader.userId, chargeId: 'c-1', amountCents: 1_700, cause: { kind: 'lead', id: 'l-1' }, description: 'Lead' },
        context,
        randomUUID(),
      );
      await ledger.decide({ type: 'OpenDispute', userId: leader.userId, paymentId: 'pay-1', disputeId: 'd-1', amountCents: 1_000 }, context, randomUUID());
      expect((await ledger.balances(leader.userId)).debtCents).toBe(1_000);
      await harness.commands.execute(receiveTransferStep(job.event));
      // The delivery again through the queue, and the dispatcher's own, have run too.
      await jobEnded(harness.queue, again);
      await streamJobsEnded(harness.store, harness.queue, transferCreditTriggers, [walletStream(agent.userId)]);

      const credits = await received(leader);
      expect(credits).toHaveLength(1);
      expect((credits[0]!.data as { transferId: string }).transferId).toBe(sent.body!.transferId);
      expect((await events(leader)).filter((e) => e.type === 'DebtRepaid')).toHaveLength(0);
    });

    it('needs an Idempotency-Key, replays the first answer for the same key and body, and refuses the key with another body (409)', async () => {
      const { leader, agent } = await team();
      await fund(agent, 5_000);
      expect(await send(agent, { amountCents: 500, recipientEmail: leader.email }, null)).toMatchObject({ status: 400, code: 'IDEMPOTENCY_KEY_REQUIRED' });

      const key = randomUUID();
      const first = await send(agent, { amountCents: 500, recipientEmail: leader.email, description: 'once' }, key);
      const again = await send(agent, { description: 'once', recipientEmail: leader.email, amountCents: 500 }, key);
      expect(again).toEqual(first);
      expect(await send(agent, { amountCents: 600, recipientEmail: leader.email, description: 'once' }, key)).toMatchObject({
        status: 409,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
      expect((await events(agent)).filter((e) => e.type === 'TransferSent')).toHaveLength(1);
      expect(await available(agent)).toBe(4_500);
    });

    it('refuses bad input with 400 naming the field', async () => {
      const { leader, agent } = await team();
      for (const body of [
        { amountCents: 0, recipientEmail: leader.email },
        { amountCents: 12.5, recipientEmail: leader.email },
        { amountCents: 100_000_001, recipientEmail: leader.email },
        { amountCents: '500', recipientEmail: leader.email },
        { amountCents: 500, recipientEmail: 'not an e-mail' },
        { amountCents: 500 },
        { amountCents: 500, recipientEmail: leader.email, description: 'x'.repeat(201) },
      ]) {
        expect(await send(agent, body)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }
    });

    it('always sends from the signed-in agent’s own wallet, whatever the body names', async () => {
      const { leader, agent } = await team();
      const victim = await account({ satLeaderEmail: leader.email });
      await fund(victim, 5_000);
      await fund(agent, 1_000);
      const sent = await send(agent, {
        amountCents: 1_000,
        recipientEmail: leader.email,
        userId: victim.userId,
        senderUserId: victim.userId,
        fromEmail: victim.email,
      });
      expect(sent.status).toBe(200);
      expect(await available(victim)).toBe(5_000);
      expect(await available(agent)).toBe(0);
      // With nothing left, the agent cannot reach the victim's money either.
      expect((await send(agent, { amountCents: 1_000, recipientEmail: leader.email, senderUserId: victim.userId })).code).toBe('INSUFFICIENT_BALANCE');
      expect(await available(victim)).toBe(5_000);
    });
  });
}
