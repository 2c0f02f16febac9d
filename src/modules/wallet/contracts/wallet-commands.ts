/**
 * The wallet's commands other modules send through the CommandBus (payments, marketplace,
 * bonuses). Each is sent with the context it runs in and an idempotency key: from the HTTP
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

/** The one idempotency key of a refund's posting, whether the portal or the provider's dashboard made it. */
export const refundKeyOf = (refundId: string) => `refund:${refundId}`;

export { CaptureHold, type CaptureHoldInput } from '../commands/capture-hold/capture-hold.command.js';
export { ChargeWallet, type ChargeWalletInput } from '../commands/charge-wallet/charge-wallet.command.js';
export { CreditBonus, type CreditBonusInput } from '../commands/credit-bonus/credit-bonus.command.js';
export { CreditBonuses } from '../commands/credit-bonuses/credit-bonuses.command.js';
export { CreditLeadReturn, type CreditLeadReturnInput } from '../commands/credit-lead-return/credit-lead-return.command.js';
export { DepositFunds, type DepositFundsInput } from '../commands/deposit-funds/deposit-funds.command.js';
export { IncreaseHold, type IncreaseHoldInput } from '../commands/increase-hold/increase-hold.command.js';
export { PlaceHold, type PlaceHoldInput } from '../commands/place-hold/place-hold.command.js';
export { RecordDispute, type RecordDisputeInput } from '../commands/record-dispute/record-dispute.command.js';
export { RefundPayment, type RefundPaymentInput } from '../commands/refund-payment/refund-payment.command.js';
export { ReleaseHold, type ReleaseHoldInput } from '../commands/release-hold/release-hold.command.js';
