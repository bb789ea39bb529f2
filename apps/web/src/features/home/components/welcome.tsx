import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppInfo } from '@/shared/session/get-app-info';
import { reportWelcomePopup } from '@/shared/ui/welcome-popup-state';

const WelcomePopup = lazy(() => import('./welcome-popup').then((m) => ({ default: m.WelcomePopup })));

/** Session storage: the welcome popup was closed during this visit (this tab, until it is closed). */
export const WELCOME_SEEN_KEY = 'welcome-seen';

const seenThisVisit = () => {
  try {
    return sessionStorage.getItem(WELCOME_SEEN_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The welcome popup of spec 2: while the app info's index_modal is 1 it shows its webcontent once per
 * visit; its code (and the HTML sanitiser) load only then.
 */
export function Welcome() {
  const appInfo = useAppInfo();
  const [seen] = useState(seenThisVisit);
  const [open, setOpen] = useState(true);
  const showing = !seen && open && appInfo?.index_modal === 1;
  // What waits for the popup (registration via link) hears when it shows and when it is closed.
  useEffect(() => {
    if (showing) reportWelcomePopup('open');
    else if (seen || !open) reportWelcomePopup('closed');
  }, [showing, seen, open]);
  if (seen || appInfo?.index_modal !== 1) return null;

  const close = () => {
    setOpen(false);
    try {
      sessionStorage.setItem(WELCOME_SEEN_KEY, '1');
    } catch {
      // Private mode without storage: it stays closed until the next load.
    }
  };
  return (
    <Suspense fallback={null}>
      <WelcomePopup title={appInfo.title} html={appInfo.webcontent} visible={open} onClose={close} />
    </Suspense>
  );
}
