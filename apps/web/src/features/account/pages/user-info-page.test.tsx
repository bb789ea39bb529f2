import { ACCOUNT_MSG } from '@app/contract/account-rules';
import { beijingDay } from '@app/contract/time';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { logIn, renderApp, testUser } from '@/test/render-app';

const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: '保存' }));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const birthday = () => screen.getByRole('button', { name: '生日' });

async function openProfile(overrides: Partial<typeof testUser> = {}) {
  const player = { ...testUser, ...overrides };
  logIn(player);
  let saved = player;
  const calls = stubApi({
    '/api/user': () => ok(saved),
    '/api/updateuserinfo': (body) => {
      saved = { ...saved, ...(body as Partial<typeof testUser>) };
      return ok(undefined, ACCOUNT_MSG.saved);
    },
  });
  const view = renderApp('/userInfo');
  // The first render loads the page's code.
  await screen.findByRole('button', { name: '保存' }, { timeout: 5000 });
  return { ...view, calls };
}

describe('/userInfo', () => {
  it('shows the username and real name read-only, the other fields editable', async () => {
    await openProfile({ mobile: '13800138000', email: 'a@b.cn', birthday: '1990-05-06' });
    expect(screen.getByTestId('profile-username').textContent).toBe('player01');
    expect(screen.getByTestId('profile-realname').textContent).toBe('张三');
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.value)).toEqual(['13800138000', 'a@b.cn']);
    expect(boxes.some((b) => b.value === 'player01' || b.value === '张三')).toBe(false);
    expect(birthday().textContent).toBe('1990-05-06');
  });

  it('says the profile rules in order and sends nothing until they pass', async () => {
    const { user, calls } = await openProfile({ birthday: '1979-12-31' });

    await user.type(field('手机号'), '12345');
    await user.type(field('邮箱'), 'not-an-email');
    await save(user);
    await expectToast(ACCOUNT_MSG.mobile);

    await user.clear(field('手机号'));
    await user.type(field('手机号'), '13912345678');
    await save(user);
    await expectToast(ACCOUNT_MSG.email);

    await user.clear(field('邮箱'));
    await user.type(field('邮箱'), 'me@example.com');
    await save(user);
    // A birthday kept from before the 1980 limit.
    await expectToast(ACCOUNT_MSG.birthday);
    expect(callsTo(calls, '/api/updateuserinfo')).toHaveLength(0);
  }, 15_000);

  it('picks the birthday in the date picker (1980-01-01 to today), saves, says 操作成功 and reloads the player', async () => {
    const { user, calls } = await openProfile();
    await user.type(field('手机号'), '13912345678');
    await user.type(field('邮箱'), 'me@example.com');

    expect(birthday().textContent).toBe('请选择生日');
    await user.click(birthday());
    expect(await screen.findByText('选择生日')).toBeTruthy();
    // The wheels start at 1990-01-01; the year wheel runs from 1980 to this year.
    const years = screen.getAllByText(/^\d{4}年$/).map((n) => n.textContent);
    expect(years[0]).toBe('1980年');
    expect(years.at(-1)).toBe(`${beijingDay(new Date()).slice(0, 4)}年`);
    // The picker's buttons take clicks once its opening animation is over.
    await waitFor(() => user.click(screen.getByText('确定')));
    await waitFor(() => expect(birthday().textContent).toBe('1990-01-01'));

    await save(user);
    await expectToast(ACCOUNT_MSG.saved);
    expect(callsTo(calls, '/api/updateuserinfo')[0]?.body).toEqual({
      mobile: '13912345678',
      email: 'me@example.com',
      birthday: '1990-01-01',
    });
    await waitFor(() => expect(useSession.getState().userInfo?.birthday).toBe('1990-01-01'));
    expect(field('手机号').value).toBe('13912345678');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    logIn();
    stubApi({ '/api/updateuserinfo': refuse('该手机号已被使用') });
    const { user } = renderApp('/userInfo');
    await user.type(await screen.findByLabelText('手机号'), '13912345678');
    await save(user);
    await expectToast('该手机号已被使用');
    expect(field('手机号').value).toBe('13912345678');
  });
});
