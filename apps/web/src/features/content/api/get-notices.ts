import type { Notice } from '@app/contract/content';
import type { Page } from '@app/contract/paging';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export type { Notice };

/** /message tabs: 1 announcements, 2 the player's in-site messages. */
export type NoticeType = 1 | 2;

/** POST /api/noticeList: one page of announcements or in-site messages (data.data, last_page, total). */
export const getNotices = (type: NoticeType, page: number, signal?: AbortSignal): Promise<Page<Notice>> =>
  apiData('/api/noticeList', schemas.noticePage, { body: { page, type }, signal });

export const noticesKey = ['notices'] as const;
export const noticesKeyOf = (type: NoticeType) => [...noticesKey, type] as const;
