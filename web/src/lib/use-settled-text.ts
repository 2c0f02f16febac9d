import { useEffect, useState } from 'react';

/** How long typing must pause before a search box's text is asked for. */
export const SEARCH_DELAY_MS = 250;

/** A search box's text once typing paused (trimmed; cleared at once): what the page asks the server for. */
export function useSettledText(text: string, delayMs = SEARCH_DELAY_MS): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), text ? delayMs : 0);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
