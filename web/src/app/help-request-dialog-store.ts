import { create } from 'zustand';

import type { TicketReference } from '../../../src/modules/support/contracts/ticket-reference';

/** The item a request is opened from ('Report a problem'), as its row reads here; the server names it again in its own words. */
export type HelpRequestSubject = TicketReference;

type HelpRequestDialogState = {
  open: boolean;
  /** The wallet entry, lead or delivery the request is about, or null for a request about nothing in particular. */
  about: HelpRequestSubject | null;
  /** Words the comment starts with (the assistant's hand-off: what the agent asked). */
  draft: string;
  show(about?: HelpRequestSubject, draft?: string): void;
  /** The request is no longer about that item (the agent removed it in the dialog). */
  forget(): void;
  close(): void;
};

/** The Submit Help Request dialog, opened from the sidebar and the header, and from 'Report a problem' on a wallet entry, a lead or a delivery, and from the assistant's hand-off. */
export const useHelpRequestDialog = create<HelpRequestDialogState>((set) => ({
  open: false,
  about: null,
  draft: '',
  show: (about, draft) => set({ open: true, about: about ?? null, draft: draft ?? '' }),
  forget: () => set({ about: null }),
  close: () => set({ open: false, about: null, draft: '' }),
}));
