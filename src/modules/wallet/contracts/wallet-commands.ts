import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../platform/event-store/new-event.js';
import type { CardProvider, Cause } from './wallet-events.js';

/**
 * The wallet's commands other modules send through the CommandBus (payments, marketplace,
 * bonuses). Each carries the context it runs in and an idempotency key: from the HTTP
 * `Idempotency-Key` header, or derived from the causing event for a process step
 * (`stepFrom(event)`), so a repeat stores nothing twice. A refusal is a DomainError.
 */
export type WalletAnswer = {
  readonly availableCents: number;
  readonly heldCents: number;
  readonly debtCents: number;
  /** The events this command stored (none on a repeat). */
  readonly storedEventIds: readonly string[];
};

type Keyed = { readonly context: CommandContext; readonly idempotencyKey: string };

/** A succeeded card payment credits the wallet, once per paymentId (a later duplicate stores nothing). */
export class DepositFunds extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; paymentId: string; amountCents: number; provider: CardProvider; autoRecharge?: boolean }) {
    super();
  }
}

/** A one-off purchase from the available balance; refused with INSUFFICIENT_BALANCE ('You don't have enough balance for this purchase'). */
export class ChargeWallet extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; chargeId: string; amountCents: number; cause: Cause; description: string }) {
    super();
  }
}

/** Reserve money (a campaign's budget); refused beyond the available balance. */
export class PlaceHold extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; holdId: string; amountCents: number; cause: Cause; expiresAt?: Date | null }) {
    super();
  }
}

/** Reserve more on an open hold (a raised budget); refused beyond the available balance. */
export class IncreaseHold extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; holdId: string; amountCents: number }) {
    super();
  }
}

/** Spend part of a hold (one lead's price), once per captureId; refused (HOLD_EXHAUSTED) beyond what is left. */
export class CaptureHold extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; holdId: string; captureId: string; amountCents: number; cause: Cause; description: string }) {
    super();
  }
}

/** Return part of what is left of a hold (a lowered budget), or all of it with `close` (a campaign ended). */
export class ReleaseHold extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; holdId: string; amountCents?: number; close: boolean; reason: string }) {
    super();
  }
}

/** An approved lead return: the lead's price back into the wallet, once per returnId. */
export class CreditLeadReturn extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; returnId: string; leadId: string; amountCents: number }) {
    super();
  }
}

/** A weekly bonus paid into the wallet, once per bonusId. */
export class CreditBonus extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; bonusId: string; week: string; amountCents: number }) {
    super();
  }
}

/** Money returned to the card for a top-up; beyond what the wallet can give only with `allowDebt` (the admin confirmed). */
/** The one idempotency key of a refund's posting, whether the portal or the provider's dashboard made it. */
export const refundKeyOf = (refundId: string) => `refund:${refundId}`;

export class RefundPayment extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; paymentId: string; refundId: string; amountCents: number; allowDebt: boolean }) {
    super();
  }
}

/** A dispute from the card provider: opened takes the money back whatever the balance; won returns it; lost closes it. */
export class RecordDispute extends Command<WalletAnswer> {
  constructor(readonly input: Keyed & { userId: string; paymentId: string; disputeId: string; amountCents: number; outcome: 'opened' | 'won' | 'lost' }) {
    super();
  }
}
