import { useIsLoggedIn } from '@/shared/session/session-store';
import { HomeGames } from '../components/home-games';
import { LoginPrompt } from '../components/login-prompt';
import { UserBox } from '../components/user-box';

/** / (spec 2, Home): cached, so it keeps its state and scroll position between visits. */
export function HomePage() {
  const loggedIn = useIsLoggedIn();
  return (
    <div data-testid="home-page">
      {loggedIn ? <UserBox /> : <LoginPrompt />}
      <HomeGames />
    </div>
  );
}
