import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackBridge } from './feedback';
import { type ReasonAction, ReasonActionModal } from './reason-action';

function renderAction(run: ReasonAction['run']) {
  const onClose = vi.fn();
  const action: ReasonAction = { label: '冻结账号', description: '冻结后玩家立即下线。', danger: true, run };
  render(
    <App>
      <FeedbackBridge />
      <ReasonActionModal action={action} onClose={onClose} />
    </App>,
  );
  return { onClose };
}

describe('an action that changes something', () => {
  it('asks for a reason and sends nothing without one', async () => {
    const run = vi.fn(async () => '已冻结');
    renderAction(run);
    expect(await screen.findByText('冻结后玩家立即下线。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请填写操作原因（2-200字）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认冻结账号' })).toBeNull();
    expect(run).not.toHaveBeenCalled();
  });

  it('asks again before doing it, and does it only when confirmed', async () => {
    const run = vi.fn(async () => '已冻结');
    const { onClose } = renderAction(run);
    fireEvent.change(await screen.findByLabelText('操作原因'), { target: { value: '疑似盗号' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    // (antd names every dialog by one id under test, so the confirmation is found by its text.)
    expect(await screen.findByText(/原因：疑似盗号/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByText(/原因：疑似盗号/)).toBeNull());
    expect(run).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认冻结账号' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith({ reason: '疑似盗号' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
