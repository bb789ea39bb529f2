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
 * antd's preset colours whose 7th shade (their tags' text) reads below 4.5:1 on the tag's own light
 * background, and the darker shade they take. antd names each shade twice (`green7`, `green-7`), and
 * both become the one CSS variable `--ant-green-7`: both are set.
 */
const READABLE_TAG_TEXT = Object.fromEntries(
  Object.entries({
    volcano: '#ad2102',
    orange: '#ad4e00',
    gold: '#874d00',
    yellow: '#876800',
    lime: '#3f6600',
    green: '#237804',
    cyan: '#006d75',
  }).flatMap(([colour, shade]) => [
    [`${colour}7`, shade],
    [`${colour}-7`, shade],
  ]),
);

/**
 * Secondary texts (descriptions, statistics' titles, breadcrumbs), placeholders, links and danger red
 * darkened from antd's defaults (0.45 and 0.25 black, #1677ff, #ff4d4f: 2 to 4:1 on white) to at
 * least 4.5:1 (WCAG AA), and so the tags' texts and the off switch's label.
 */
const theme = {
  token: {
    colorPrimary: '#1d39c4',
    borderRadius: 6,
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorLink: '#1d39c4',
    colorLinkHover: '#2f54eb',
    colorLinkActive: '#10239e',
    colorError: '#cf1322',
    ...READABLE_TAG_TEXT,
  },
  components: {
    Layout: { siderBg: '#0b1a4a' },
    Menu: { darkItemBg: '#0b1a4a', darkSubMenuItemBg: '#0b1a4a' },
    // The status tags' texts (success, processing, warning) in the same darker shades.
    Tag: { colorSuccess: '#237804', colorInfo: '#1d39c4', colorWarning: '#874d00' },
    // An empty table's 暂无数据 (0.25 black).
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.62)' },
    // White on the off switch's grey (0.25 black: 1.9:1).
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
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
