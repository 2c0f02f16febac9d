import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';
/** A button in the toast (e.g. to open what was just made); the toast closes when it is chosen. */
export type ToastAction = { readonly label: string; readonly onSelect: () => void };
export type ToastMessage = { id: number; title: string; description?: string; action?: ToastAction; variant: ToastVariant };

type ToastState = {
  toasts: ToastMessage[];
  show(toast: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastVariant }): number;
  dismiss(id: number): void;
};

let nextId = 1;
const MAX_VISIBLE = 3;

export const useToastStore = create<ToastState>((set) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { ...toast, variant: toast.variant ?? 'default', id }].slice(-MAX_VISIBLE) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere (components, API helpers); its id dismisses it once what it asked for is done. */
export const toast = (message: Omit<ToastMessage, 'id' | 'variant'> & { variant?: ToastVariant }) => useToastStore.getState().show(message);
