import { useIsLoggedIn } from '@/shared/session/session-store';
import { GameCategories } from '../components/game-categories';
import { HomeBanner } from '../components/home-banner';
import { HomeNoticeBar } from '../components/home-notice-bar';
import { HomeShortcuts } from '../components/home-shortcuts';
import { JackpotCounter } from '../components/jackpot-counter';
import { LoginPrompt } from '../components/login-prompt';
import { UserBox } from '../components/user-box';

/** / (spec 2, Home): cached, so it keeps its state and scroll position between visits. */
export function HomePage() {
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="home-page">
      <HomeBanner />
      <HomeNoticeBar />
      <JackpotCounter />
      {loggedIn ? <UserBox /> : <LoginPrompt />}
      <HomeShortcuts />
      <GameCategories />
    </div>
  );
}
