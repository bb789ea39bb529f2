import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ContractForm, Form, FormValue } from './contract-form';
import { TextRow } from './text-row';

type Values = { name: string; email: string };
const empty: Values = { name: '', email: '' };
/** Two rules in order, as the contract writes them. */
const check = (v: Values) =>
  v.name === '' ? '请输入姓名' : !v.email.includes('@') ? '邮箱格式不正确' : null;

function Probe({ onValid }: { onValid: (values: Values) => void }) {
  const [form] = Form.useForm();
  return (
    <ContractForm form={form} initialValues={empty} check={check} onValid={onValid} label="资料">
      <TextRow name="name" id="probe-name" label="姓名" />
      <TextRow name="email" id="probe-email" label="邮箱" type="email" />
      <button type="submit">保存</button>
    </ContractForm>
  );
}

function Agreement({ onValid }: { onValid: (values: { name: string; agreed: boolean }) => void }) {
  const [form] = Form.useForm();
  const agreed = Form.useWatch<boolean>('agreed', form);
  return (
    <ContractForm
      form={form}
      initialValues={{ name: '', agreed: false }}
      check={() => null}
      onValid={onValid}
      label="协议"
    >
      <TextRow name="name" id="agreement-name" label="姓名" />
      <FormValue name="agreed" valuePropName="checked">
        <input type="checkbox" aria-label="同意" />
      </FormValue>
      <p>{agreed ? '已同意' : '未同意'}</p>
      <button type="button" onClick={() => form.setFieldsValue({ name: '李四' })}>
        填入
      </button>
      <button type="submit">提交</button>
    </ContractForm>
  );
}

const toastText = () => document.querySelector('.adm-toast-main')?.textContent;

describe('ContractForm', () => {
  it('toasts the first broken rule, sends nothing, and hands the values on once the rules pass', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Probe onValid={onValid} />);
    const form = screen.getByRole('form', { name: '资料' }) as HTMLFormElement;
    // The contract's rules answer, not the browser's checks of an email field.
    expect(form.noValidate).toBe(true);

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toastText()).toBe('请输入姓名'));
    await user.type(screen.getByLabelText('姓名'), '张三');
    await user.type(screen.getByLabelText('邮箱'), 'zhang');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toastText()).toBe('邮箱格式不正确'));
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('邮箱'), '@example.com');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ name: '张三', email: 'zhang@example.com' }));
  });

  it('shows values a page sets, tells a watcher of each change, and holds a checkbox by checked', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Agreement onValid={onValid} />);

    await user.click(screen.getByRole('button', { name: '填入' }));
    expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('李四');
    expect(screen.getByText('未同意')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: '同意' }));
    expect(screen.getByText('已同意')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '提交' }));
    expect(onValid).toHaveBeenCalledWith({ name: '李四', agreed: true });
  });
});
