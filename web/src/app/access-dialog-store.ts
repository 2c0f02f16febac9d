import { create } from 'zustand';

type Purpose = { kind: 'unlock' } | { kind: 'page'; path: string; note?: string };

type AccessDialogState = {
  purpose: Purpose | null;
  open(purpose: Purpose): void;
  close(): void;
};

/** Which access-code check is asked for, and what to do after it. */
export const useAccessDialog = create<AccessDialogState>((set) => ({
  purpose: null,
  open: (purpose) => set({ purpose }),
  close: () => set({ purpose: null }),
}));
