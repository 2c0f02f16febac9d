import { create } from 'zustand';

type AssistantState = {
  open: boolean;
  /** Once opened, the dialog's code stays loaded and its conversation kept until the page reloads. */
  loaded: boolean;
  show(): void;
  close(): void;
};

/** The AI assistant's dialog, opened by the floating button on every page. */
export const useAssistant = create<AssistantState>((set) => ({
  open: false,
  loaded: false,
  show: () => set({ open: true, loaded: true }),
  close: () => set({ open: false }),
}));
