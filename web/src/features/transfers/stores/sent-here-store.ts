import { create } from 'zustand';

import type { TransferItem } from '../api/transfers';

type SentHereState = { sent: TransferItem[]; add(item: TransferItem): void };

/** Transfers sent from this tab, newest first: the history shown while the server has no get-transfer-history. */
export const useSentHere = create<SentHereState>((set) => ({
  sent: [],
  add: (item) => set((state) => ({ sent: [item, ...state.sent.filter((t) => t.transferId !== item.transferId)] })),
}));
