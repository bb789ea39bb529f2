import { CONTENT_MSG, CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { MSG } from '@app/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '提交申请' }));
const mobile = () => screen.getByLabelText('手机号') as HTMLInputElement;
const reason = () => screen.getByLabelText('申请理由') as HTMLTextAreaElement;

describe('/applyagent', () => {
  it('checks the mobile, then the reason, before sending anything', async () => {
    logIn();
    const calls = stubApi({ '/api/applyagentdo': ok(undefined, CONTENT_SERVER_MSG.agentApplied) });
    const { user } = renderApp('/applyagent');
    await screen.findByRole('form', { name: '合营计划' });

    await submit(user);
    await expectToast(CONTENT_MSG.mobile);
    await user.type(mobile(), '12345678901');
    await submit(user);
    await expectToast(CONTENT_MSG.mobile);
    await user.clear(mobile());
    await user.type(mobile(), '138-0013-8000');
    expect(mobile().value).toBe('13800138000');
    await submit(user);
    await expectToast(CONTENT_MSG.reason);
    await user.type(reason(), '   ');
    await submit(user);
    await expectToast(CONTENT_MSG.reason);
    expect(callsTo(calls, '/api/applyagentdo')).toHaveLength(0);
  });

  it('sends the application and shows the server message, then clears the form', async () => {
    logIn();
    const calls = stubApi({ '/api/applyagentdo': ok(undefined, CONTENT_SERVER_MSG.agentApplied) });
    const { user } = renderApp('/applyagent');
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.type(reason(), ' 我有推广渠道 ');
    await submit(user);

    await expectToast(CONTENT_SERVER_MSG.agentApplied);
    expect(callsTo(calls, '/api/applyagentdo')[0]?.body).toEqual({
      mobile: '13800138000',
      apply_info: '我有推广渠道',
    });
    await waitFor(() => expect(mobile().value).toBe(''));
    expect(reason().value).toBe('');
  });

  it('shows a refusal as the server words it and keeps the form', async () => {
    logIn();
    stubApi({ '/api/applyagentdo': refuse(CONTENT_SERVER_MSG.agentPending, 409) });
    const { user } = renderApp('/applyagent');
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.type(reason(), '再次申请');
    await submit(user);
    await expectToast(CONTENT_SERVER_MSG.agentPending);
    expect(mobile().value).toBe('13800138000');
  });

  it('sends a visitor to log in first', async () => {
    const calls = stubApi({});
    const { user, router } = renderApp('/applyagent');
    await user.type(await screen.findByLabelText('手机号'), '13800138000');
    await user.type(reason(), '申请');
    await submit(user);
    await expectToast(MSG.pleaseLogin);
    await waitFor(() =>
      expect(currentPath(router)).toBe(`/login?redirect=${encodeURIComponent('/applyagent')}`),
    );
    expect(callsTo(calls, '/api/applyagentdo')).toHaveLength(0);
  });
});
