import { useState } from 'react';

/**
 * False until `open` is first true, then true for good: a lazy dialog is fetched on first use and
 * stays mounted after, so Radix can play its closing animation and give focus back to the trigger.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
