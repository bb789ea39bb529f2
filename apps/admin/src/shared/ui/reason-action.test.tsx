import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form, InputNumber, Switch } from 'antd';
import { useState } from 'react';
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

interface Game {
  is_hot: boolean;
  sort: number;
}
const fields = (
  <>
    <Form.Item name="is_hot" label="热门" valuePropName="checked">
      <Switch />
    </Form.Item>
    <Form.Item name="sort" label="排序">
      <InputNumber />
    </Form.Item>
  </>
);
const edit = (row: Game, run: ReasonAction<Game>['run']): ReasonAction<Game> => ({
  label: '修改游戏设置',
  description: '保存后玩家端游戏列表立即更新。',
  fields,
  row,
  labels: { is_hot: '热门', sort: '排序' },
  run,
});

function Harness(props: { first: ReasonAction<Game>; second: ReasonAction<Game> }) {
  const [action, setAction] = useState<ReasonAction<Game>>();
  return (
    <App>
      <FeedbackBridge />
      <button type="button" onClick={() => setAction(props.first)}>
        open first
      </button>
      <button type="button" onClick={() => setAction(props.second)}>
        open second
      </button>
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </App>
  );
}

describe('an edit dialog', () => {
  it('opens with the values of its own row after another row was opened', async () => {
    const run = vi.fn(async () => '已保存');
    render(
      <Harness first={edit({ is_hot: true, sort: 2 }, run)} second={edit({ is_hot: false, sort: 8 }, run)} />,
    );
    fireEvent.click(screen.getByText('open first'));
    expect(((await screen.findByLabelText('排序')) as HTMLInputElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: /取\s?消/ }));
    await waitFor(() => expect(screen.queryByLabelText('排序')).toBeNull());
    fireEvent.click(screen.getByText('open second'));
    expect(((await screen.findByLabelText('排序')) as HTMLInputElement).value).toBe('8');
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
  });

  it('sends nothing when nothing changed, and only the changes otherwise, listed before and after', async () => {
    const run = vi.fn(async () => '已保存');
    render(
      <Harness first={edit({ is_hot: true, sort: 2 }, run)} second={edit({ is_hot: true, sort: 2 }, run)} />,
    );
    fireEvent.click(screen.getByText('open first'));
    fireEvent.change(await screen.findByLabelText('操作原因'), { target: { value: '调整排序' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('没有修改任何内容，无需保存')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '确认修改游戏设置' })).toBeNull();

    fireEvent.change(screen.getByLabelText('排序'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    const confirmation = await screen.findByRole('table', { name: '将要修改' });
    expect(within(confirmation).getByText('排序')).toBeTruthy();
    expect(within(confirmation).getByText('2')).toBeTruthy();
    expect(within(confirmation).getByText('5')).toBeTruthy();
    expect(within(confirmation).queryByText('热门')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确认修改游戏设置' }));
    await waitFor(() =>
      expect(run).toHaveBeenCalledWith({ is_hot: true, sort: 5, reason: '调整排序' }, { sort: 5 }),
    );
  });
});

describe('an edit of a coded value', () => {
  it('opens with its row’s value and lists the change by the names an operator reads', async () => {
    const run = vi.fn(async () => '已修改');
    const role = (value: string): ReasonAction<{ role: string }> => ({
      label: '修改角色',
      description: '下一次请求起生效。',
      fields: (
        <Form.Item name="role" label="新角色">
          <InputNumber />
        </Form.Item>
      ),
      row: { role: value },
      labels: { role: '角色' },
      shown: { role: (v) => ({ 1: '客服', 2: '财务' })[Number(v) as 1 | 2] ?? String(v) },
      run,
    });
    render(
      <App>
        <FeedbackBridge />
        <ReasonActionModal action={role('1')} onClose={() => {}} />
      </App>,
    );
    expect(((await screen.findByLabelText('新角色')) as HTMLInputElement).value).toBe('1');
    fireEvent.change(screen.getByLabelText('新角色'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '岗位调整' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    const confirmation = await screen.findByRole('table', { name: '将要修改' });
    expect(within(confirmation).getByText('角色')).toBeTruthy();
    expect(within(confirmation).getByText('客服')).toBeTruthy();
    expect(within(confirmation).getByText('财务')).toBeTruthy();
  });
});
