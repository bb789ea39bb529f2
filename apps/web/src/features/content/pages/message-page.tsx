import { useCallback } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TC } from '@/shared/i18n/zh-cn/content';
import { useSearchParams } from '@/shared/routes/router/react';
import { useMessageNum } from '@/shared/session/get-message-num';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PageTabs } from '@/shared/ui/page-tabs';
import { RecordsList, type RecordsPageQuery } from '@/shared/ui/records-list';
import { getNotices, type Notice, type NoticeType, noticesKeyOf } from '../api/get-notices';
import { useReadMessage } from '../api/read-message';
import { MessageItem } from '../components/message-item';
import styles from './message-page.module.css';

/**
 * /message?type, 消息 (spec 2; login required; back-arrow header): tab 1 公告 (announcements), tab 2
 * 站内信 (the player's in-site messages, with the unread count). Each list loads page by page to
 * last_page; a tap opens a message and marks an unread one read.
 */
export function MessagePage() {
  const [params, setParams] = useSearchParams();
  const type: NoticeType = params.get('type') === '2' ? 2 : 1;
  const unread = useMessageNum();
  const read = useReadMessage();
  const fetchPage = useCallback(
    ({ page, signal }: RecordsPageQuery) => getNotices(type, page, signal),
    [type],
  );
  const tabs = [
    { key: '1', label: TC.announcements },
    { key: '2', label: unread > 0 ? `${TC.inSiteMessages}(${unread})` : TC.inSiteMessages },
  ] as const;

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.message} />
      <PageTabs
        tabs={tabs}
        active={String(type) as '1' | '2'}
        onChange={(key) => setParams({ type: key }, { replace: true })}
      />
      <RecordsList<Notice>
        key={type}
        label={type === 1 ? TC.announcements : TC.inSiteMessages}
        queryKey={noticesKeyOf(type)}
        fetchPage={fetchPage}
        dateFilter={false}
        emptyText={TC.noMessages}
        itemKey={(notice) => notice.id}
        renderItem={(notice) => (
          <MessageItem
            notice={notice}
            unread={type === 2 && notice.is_read === 0}
            onRead={() => read.mutate(notice.id)}
          />
        )}
      />
    </div>
  );
}
