import { MessageCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';

import { useAssistant } from './assistant-store';

// The dialog's code (and its conversation) loads on the first open: pages where nobody asks pay only for this button.
const AssistantDialog = lazy(() => import('../features/assistant/assistant-dialog').then((module) => ({ default: module.AssistantDialog })));

/** The floating button at the bottom right of every page that opens the AI assistant. */
export function AssistantLauncher() {
  const open = useAssistant((s) => s.open);
  const loaded = useAssistant((s) => s.loaded);
  const show = useAssistant((s) => s.show);
  return (
    <>
      {!open && (
        <button
          type="button"
          onClick={show}
          aria-label="Open the AI assistant"
          title="AI Assistant"
          className="fixed bottom-5 right-5 z-40 flex h-14 w-14 cursor-pointer items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-600 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-brand-300"
        >
          <MessageCircle className="h-6 w-6" aria-hidden />
        </button>
      )}
      {loaded && (
        <Suspense fallback={null}>
          <AssistantDialog />
        </Suspense>
      )}
    </>
  );
}
