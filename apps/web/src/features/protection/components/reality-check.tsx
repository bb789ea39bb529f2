import type { RealityCheck as RealityCheckData } from '@app/contract/protection';
import { useEffect } from 'react';
import { formatCurrency } from '@/shared/lib/money';
import { navigateTo } from '@/shared/navigation/navigator';
import { PATH } from '@/shared/routes/paths';
import { useSearchParams } from '@/shared/routes/router/react';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { logoutNow } from '@/shared/session/use-logout';
import { dialog } from '@/shared/ui/feedback';
import { getRealityCheck, useProtectionState } from '../api/protection';
import { TP } from '../texts';

/** Milliseconds until the next whole interval since the login. */
const untilNext = (check: RealityCheckData) => {
  const every = check.interval * 60;
  return (every - (check.elapsed % every)) * 1000;
};

/**
 * The reality check (游戏时长提醒): at every chosen interval since this session's login a dialog shows
 * how long the player has been logged in and the net result since, with 继续游戏, 查看投注记录 and
 * 退出登录. The schedule follows the login time the server answers, so a reload keeps it.
 */
export function RealityCheck() {
  const loggedIn = useIsLoggedIn();
  const minutes = useProtectionState().data?.reality_check ?? 0;
  // The demo venue's reminder offers 退出登录 as a link back here: /?reality=logout.
  const [params] = useSearchParams();
  const leaving = params.get('reality') === 'logout';
  useEffect(() => {
    if (leaving && loggedIn) void logoutNow();
  }, [leaving, loggedIn]);
  useEffect(() => {
    if (!loggedIn || minutes <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const schedule = (check: RealityCheckData | null) => {
      if (check && check.interval > 0 && !stopped) timer = setTimeout(() => void remind(), untilNext(check));
    };
    const remind = async () => {
      const check = await getRealityCheck().catch(() => null);
      if (!check || stopped) return;
      const choice = await dialog.choose({
        title: TP.realityPopupTitle,
        content: (
          <div data-testid="reality-check">
            <p>{`${TP.realityLoggedIn}：${TP.duration(check.elapsed)}`}</p>
            <p>{`${TP.realityNet}：${formatCurrency(check.net, { signed: true })}`}</p>
          </div>
        ),
        choices: [
          { key: 'continue', text: TP.realityContinue, bold: true },
          { key: 'records', text: TP.realityRecords },
          { key: 'logout', text: TP.realityLogout },
        ],
      });
      if (choice === 'logout') return void logoutNow();
      if (choice === 'records') navigateTo(PATH.betRecord);
      schedule(await getRealityCheck().catch(() => null));
    };
    void getRealityCheck()
      .catch(() => null)
      .then(schedule);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [loggedIn, minutes]);
  return null;
}
