import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from '@/shared/routes/router/react';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { linkRegistrationAttempted, readLinkQuery } from '../hooks/link-query';

const LinkRegistrationRunner = lazy(() =>
  import('./link-registration-runner').then((m) => ({ default: m.LinkRegistrationRunner })),
);

/**
 * Registration via link (spec 4), mounted by home: a visitor who arrives with a `callback` query is
 * registered automatically once the welcome popup closes (at once when there is none). Only this
 * check loads with home; the rest loads when a link brings a visitor.
 */
export function LinkRegistration() {
  const [params] = useSearchParams();
  const loggedIn = useIsLoggedIn();
  const [link, setLink] = useState<ReturnType<typeof readLinkQuery>>(null);
  // Latched once seen: the runner stays mounted when the new session's token arrives.
  if (link === null && !loggedIn && !linkRegistrationAttempted()) {
    const found = readLinkQuery(params, window.location.search);
    if (found) setLink(found);
  }
  if (!link) return null;
  return (
    <Suspense fallback={null}>
      <LinkRegistrationRunner link={link} />
    </Suspense>
  );
}
