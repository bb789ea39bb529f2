import { firstScreenAnswers } from '@/shared/api/first-screen';
import { queryClient } from '@/shared/api/query-client';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { bannersQueryOptions } from '../api/get-banners';
import { homeNoticesQueryOptions } from '../api/get-home-notices';
import { BannerCarousel } from '../components/banner-carousel';
import { HomeGames } from '../components/home-games';
import { JackpotCounter } from '../components/jackpot-counter';
import { LoginPrompt } from '../components/login-prompt';
import { NoticeBar } from '../components/notice-bar';
import { RedPacketFloat } from '../components/red-packet-float';
import { Shortcuts } from '../components/shortcuts';
import { UserBox } from '../components/user-box';
import { Welcome } from '../components/welcome';

/**
 * / (spec 2, Home; cached, so it keeps its state between visits): the banner
 * carousel, the notice bar, the jackpot counter, the login prompt or the user box, the shortcuts, the
 * game categories; the welcome popup and the floating red packet. The left drawer opens from the
 * header's menu button. (Registration via link runs beside it: app/pages/home-route.tsx.)
 */
export function HomePage() {
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="home-page">
      <BannerCarousel />
      <NoticeBar />
      <JackpotCounter />
      {loggedIn ? <UserBox /> : <LoginPrompt />}
      <Shortcuts />
      <HomeGames />
      <RedPacketFloat />
      <Welcome />
    </div>
  );
}

/**
 * What home's first screen shows from the server before its first render: the banners (the largest
 * picture) and the notice bar's texts, so the bar does not fill in one render later.
 */
export const homeFirstScreen = () =>
  firstScreenAnswers([
    queryClient.prefetchQuery(bannersQueryOptions()),
    queryClient.prefetchQuery(homeNoticesQueryOptions()),
  ]);
