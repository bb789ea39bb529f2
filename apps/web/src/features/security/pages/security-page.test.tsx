import { MSG } from '@app/contract/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectToast, ok, stubApi } from '@/test/fake-api';
import { logIn, renderApp } from '@/test/render-app';

const CODES = ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'];

describe('/security', () => {
  it('the recovery codes shown once after binding can be copied all at once (复制成功！)', async () => {
    logIn();
    let copied = '';
    const execCommand = vi.fn(() => {
      copied = document.querySelector<HTMLTextAreaElement>('textarea[readonly]')?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    stubApi({
      '/api/security/two-factor': ok({ enabled: false, recovery_left: 0 }),
      '/api/security/sessions': ok([]),
      '/api/security/logins': ok([]),
      '/api/security/two-factor/enrol': ok({
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qr: 'data:image/svg+xml;base64,',
      }),
      '/api/security/two-factor/confirm': ok({ recovery_codes: CODES }, '谷歌验证器绑定成功'),
    });
    const { user } = renderApp('/security');
    await user.click(
      await within(await screen.findByTestId('two-factor')).findByRole('button', { name: '绑定' }),
    );
    const enrol = await screen.findByRole('dialog', { name: '绑定谷歌验证器' });
    await user.type(within(enrol).getByPlaceholderText('请输入6位验证码'), '123456');
    await user.click(within(enrol).getByRole('button', { name: '确认绑定' }));
    const codes = await screen.findByRole('dialog', { name: '请保存恢复码' });
    await user.click(within(codes).getByRole('button', { name: '复制全部恢复码' }));
    await expectToast(MSG.copied);
    expect(copied).toBe(CODES.join('\n'));
  });
});
