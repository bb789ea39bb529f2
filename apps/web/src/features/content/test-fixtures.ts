import type { ActivityDetail } from '@app/contract/content';

/** Content answers the pages' tests share, shaped as the server answers them. */
export const ACTIVITY_TYPES = [
  { id: 1, name: '新人专享' },
  { id: 2, name: '日常活动' },
];

export const ACTIVITIES = [
  { id: 1, title: '新人首存 100% 加赠', banner: '/art/activities/1.svg', type: 1, cate: 1 },
  { id: 2, title: '棋牌天天乐', banner: '/art/activities/2.svg', type: 2, cate: 2 },
  { id: 3, title: '电子游戏周周返', banner: '/art/activities/3.svg', type: 2, cate: 1 },
  { id: 4, title: '捕鱼王者挑战', banner: '/art/activities/4.svg', type: 2, cate: 3 },
];

export const activityDetail = (overrides: Partial<ActivityDetail> = {}): ActivityDetail => ({
  id: 1,
  title: '新人首存 100% 加赠',
  banner: '/art/activities/1.svg',
  type: 1,
  cate: 1,
  content: '<p>首存即可申请 <b>100%</b> 加赠彩金。</p>',
  memo: '<p>每位会员仅限申请一次。</p>',
  applied: 0,
  ...overrides,
});

export const notice = (id: number, is_read = 1) => ({
  id,
  title: `消息${id}`,
  content: `<p>内容${id}</p>`,
  created_at: '2026-01-02 10:00:00',
  is_read,
});
