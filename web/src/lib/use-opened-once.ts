import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog whose code loads on demand (React.lazy) is
 * mounted at its first opening and stays mounted after, so it closes as it always did.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
