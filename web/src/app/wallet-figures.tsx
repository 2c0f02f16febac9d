import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { toast } from '../components/ui/toast-store';
import { api } from '../lib/api-client';
import { formatCents } from '../lib/money';
import { onRealtimeNotice } from '../lib/realtime';
import { useWalletFigures } from './use-wallet-figures';

type LedgerPage = { entries: { amountCents: number; cause: { kind: string } }[] };

/** Says in the open tab that auto-recharge charged the saved card, and how much. */
function useAutoRechargeNotice(): void {
  useEffect(
    () =>
      onRealtimeNotice('auto-recharge', () => {
        void api<LedgerPage>('GET', '/api/wallet/ledger').then(
          ({ entries }) => {
            const recharge = entries.find((entry) => entry.cause.kind === 'auto-recharge');
            toast({
              title: 'Balance Auto-Recharged',
              description: `${recharge ? formatCents(recharge.amountCents) : 'Money'} was added from your saved card: your balance fell below your auto-recharge threshold.`,
            });
          },
          () => toast({ title: 'Balance Auto-Recharged', description: 'Your saved card was charged: your balance fell below your auto-recharge threshold.' }),
        );
      }),
    [],
  );
}

function Figure({ label, cents, testId }: { label: string; cents: number | null; testId: string }) {
  return (
    <div className="flex shrink-0 flex-col leading-tight" data-testid={testId}>
      <span className="text-[10px] font-medium uppercase tracking-wide text-slate-500 sm:text-xs">{label}</span>
      <span className="whitespace-nowrap text-xs font-semibold tabular-nums text-slate-900 sm:text-sm">{cents === null ? '—' : formatCents(cents)}</span>
    </div>
  );
}

/** The top bar's wallet figures: Balance (available), Deposited and Contributed, live over SSE; compact on a phone. */
export function WalletFigures() {
  const { figures } = useWalletFigures();
  useAutoRechargeNotice();
  return (
    <Link
      to="/wallet"
      title="Open the transaction history"
      className="ml-auto flex shrink-0 items-center gap-2 rounded-md px-1 py-1 hover:bg-slate-50 sm:gap-5 sm:px-2"
      data-testid="wallet-figures"
    >
      <Figure label="Balance" cents={figures?.availableCents ?? null} testId="wallet-balance" />
      <Figure label="Deposited" cents={figures?.depositedCents ?? null} testId="wallet-deposited" />
      <Figure label="Contributed" cents={figures?.contributedCents ?? null} testId="wallet-contributed" />
    </Link>
  );
}
