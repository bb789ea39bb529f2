import { OPERATOR_MSG, operatorPasswordOk } from '@app/contract/admin/auth';
import { Form, Input } from 'antd';

/** A new password and its confirmation, checked by the rule the server applies. */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item
        name="password"
        label="新密码"
        rules={[
          {
            validator: async (_, v: string) => {
              if (!operatorPasswordOk(v ?? '')) throw new Error(OPERATOR_MSG.passwordRule);
            },
          },
        ]}
      >
        <Input.Password placeholder={OPERATOR_MSG.passwordRule} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认新密码"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, v: string) => {
              if (v !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
