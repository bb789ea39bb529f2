import { useCallback, useState } from 'react';

/**
 * A popup whose code loads on first use: `mounted` turns true at the first open (and stays, so the
 * closing animation can run), `visible` follows open and close.
 */
export function useLazyPopup(initiallyOpen = false) {
  const [mounted, setMounted] = useState(initiallyOpen);
  const [visible, setVisible] = useState(initiallyOpen);
  const open = useCallback(() => {
    setMounted(true);
    setVisible(true);
  }, []);
  const close = useCallback(() => setVisible(false), []);
  return { mounted, visible, open, close };
}
