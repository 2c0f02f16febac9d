import type { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { RecordedEvent } from '../../../platform/event-store/event-store.port.js';
import type { JobTrigger } from '../../../platform/jobs/event-job-dispatcher.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { escapeHtml } from '../../../platform/mail/escape-html.js';
import type { Mailer } from '../../../platform/mail/mailer.js';
import { stepFrom } from '../../../platform/processes/process-step.js';
import { emailOf } from '../../identity/contracts/user-directory.js';
import type { CardPayments } from '../../payments/contracts/card-payments.port.js';
import { ChargeAutoRecharge } from '../commands/charge-auto-recharge/charge-auto-recharge.command.js';
import { TriggerAutoRecharge } from '../commands/trigger-auto-recharge/trigger-auto-recharge.command.js';
import { DepositFunds } from '../contracts/wallet-commands.js';
import type { AutoRechargeEvent } from '../domain/auto-recharge.decider.js';

export const CHECK_AUTO_RECHARGE = 'check-auto-recharge';
export const CHARGE_AUTO_RECHARGE = 'charge-auto-recharge';
export const CREDIT_AUTO_RECHARGE = 'credit-auto-recharge';
export const MAIL_AUTO_RECHARGE_PAUSED = 'mail-auto-recharge-paused';

/** The wallet events after which the available balance may be lower than before. */
const LOWERING_EVENTS = ['WalletCharged', 'HoldPlaced', 'HoldIncreased', 'TransferSent', 'PaymentRefunded', 'DisputeOpened', 'BalanceAdjusted'] as const;

/** The auto-recharge process (docs/processes.md): each step starts from the previous step's stored event. */
export const autoRechargeTriggers: readonly JobTrigger[] = [
  ...LOWERING_EVENTS.map((eventType) => ({ eventType, job: CHECK_AUTO_RECHARGE })),
  { eventType: 'AutoRechargeStarted', job: CHARGE_AUTO_RECHARGE },
  { eventType: 'AutoRechargeSucceeded', job: CREDIT_AUTO_RECHARGE },
  { eventType: 'AutoRechargePaused', job: MAIL_AUTO_RECHARGE_PAUSED },
];

/** Who the auto-recharge steps act as. */
const AUTO_RECHARGE = { type: 'system', id: 'auto-recharge' } as const;

type Stored<T extends AutoRechargeEvent['type']> = RecordedEvent<T, Extract<AutoRechargeEvent, { type: T }>['data']>;

export function registerAutoRechargeJobs(
  jobs: JobQueue,
  commands: CommandBus,
  deps: { pool: pg.Pool; mailer: Mailer; payments: CardPayments; publicUrl: string },
): void {
  jobs.register<{ event: RecordedEvent<string, { userId: string }> }>(CHECK_AUTO_RECHARGE, ({ event }) => {
    const step = stepFrom(event, AUTO_RECHARGE);
    return commands.execute(new TriggerAutoRecharge({ userId: event.data.userId }, step.context, step.idempotencyKey));
  });
  jobs.register<{ event: Stored<'AutoRechargeStarted'> }>(CHARGE_AUTO_RECHARGE, ({ event }) => {
    const step = stepFrom(event, AUTO_RECHARGE);
    return commands.execute(new ChargeAutoRecharge(event.data, step.context, step.idempotencyKey));
  });
  // The same idempotency key as the provider's webhook for this payment: whichever comes first credits, once.
  jobs.register<{ event: Stored<'AutoRechargeSucceeded'> }>(CREDIT_AUTO_RECHARGE, async ({ event }) => {
    const { userId, paymentId, amountCents } = event.data;
    await commands.execute(
      new DepositFunds(
        { userId, paymentId, amountCents, provider: deps.payments.provider, autoRecharge: true },
        stepFrom(event, AUTO_RECHARGE).context,
        `payment:${paymentId}`,
      ),
    );
  });
  jobs.register<{ event: Stored<'AutoRechargePaused'> }>(MAIL_AUTO_RECHARGE_PAUSED, async ({ event }) => {
    const email = await emailOf(deps.pool, event.data.userId);
    if (email === null) return;
    const link = `${deps.publicUrl}/payment-methods`;
    await deps.mailer.send(`auto-recharge-paused-${event.metadata.eventId}`, {
      to: email,
      subject: 'Auto-recharge is paused',
      text: `Auto-recharge of your wallet is paused: ${event.data.reason}\n\nCheck your saved card, then save your auto-recharge settings again to switch it back on: ${link}\n`,
      html: `<p>Auto-recharge of your wallet is paused: ${escapeHtml(event.data.reason)}</p><p>Check your saved card, then save your auto-recharge settings again to switch it back on: <a href="${link}">${link}</a></p>`,
    });
  });
}
