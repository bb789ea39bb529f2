import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router';
import { whenSignedOut } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { PATH } from '@/shared/routes/table';
import { adoptSession, sessionQuery } from '@/shared/session/session';
import { FeedbackBridge } from '@/shared/ui/feedback';
import { router } from './router';

dayjs.locale('zh-cn');

// The server ended the session (idle, signed out elsewhere, disabled): back to the sign-in, saying why
// when the operator was working.
whenSignedOut((message) => {
  const wasSignedIn = queryClient.getQueryData(sessionQuery.queryKey)?.stage === 'active';
  adoptSession(null);
  if (wasSignedIn) void router.navigate(PATH.signIn, { replace: true, state: { reason: message } });
});

/**
 * Secondary texts (descriptions, statistics' titles, breadcrumbs) and danger red darkened from antd's
 * defaults (0.45 black, #ff4d4f: about 3:1 on white) to at least 4.5:1 (WCAG AA).
 */
const theme = {
  token: {
    colorPrimary: '#1d39c4',
    borderRadius: 6,
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorError: '#cf1322',
  },
  components: {
    Layout: { siderBg: '#0b1a4a' },
    Menu: { darkItemBg: '#0b1a4a', darkSubMenuItemBg: '#0b1a4a' },
  },
};

export function ConsoleApp() {
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {/* Notifications (a new order) open below the console's 56 px header, not over its switches. */}
      <AntApp notification={{ top: 72 }}>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
