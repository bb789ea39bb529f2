import { LinkRegistration } from '@/features/account/components/link-registration';
import { HomePage } from '@/features/home/pages/home-page';

export { homeFirstScreen } from '@/features/home/pages/home-page';

/**
 * Home as routed: the home feature's page, and registration via link (the account feature), which
 * a referral link brings to home. Composed here because a feature never imports another.
 */
export function HomeRoute() {
  return (
    <>
      <HomePage />
      <LinkRegistration />
    </>
  );
}
