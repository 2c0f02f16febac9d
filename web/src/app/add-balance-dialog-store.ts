import { create } from 'zustand';

type AddBalanceDialogState = {
  open: boolean;
  setOpen(open: boolean): void;
};

/** The Add Balance (card) dialog the shell's Add Credit button holds, opened from there and from the profile page. */
export const useAddBalanceDialog = create<AddBalanceDialogState>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
