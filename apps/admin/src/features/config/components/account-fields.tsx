import { USDT_ACCOUNT_PROTOCOLS } from '@app/contract/admin/config';
import { usdtAddressValid } from '@app/contract/wallet-rules';
import { Form, Input, Radio, Select, Switch } from 'antd';
import { SortField } from '@/shared/ui/sort-field';

/** A receiving account's fields: a bank account (bank, holder, number, branch) or a USDT address. */
export function AccountFields() {
  return (
    <>
      <Form.Item name="kind" label="类型">
        <Radio.Group
          options={[
            { value: 'bank', label: '银行账户' },
            { value: 'usdt', label: 'USDT 地址' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.kind !== b.kind}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'usdt' ? (
            <>
              <Form.Item name="owner" label="协议" rules={[{ required: true, message: '请选择协议' }]}>
                <Select
                  style={{ width: 160 }}
                  options={USDT_ACCOUNT_PROTOCOLS.map((p) => ({ value: p, label: p }))}
                />
              </Form.Item>
              <Form.Item
                name="number"
                label="USDT 地址"
                dependencies={['owner']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_rule, v: string | undefined) => {
                      if (!usdtAddressValid(getFieldValue('owner'), (v ?? '').trim()))
                        throw new Error('请输入与协议相符的USDT地址');
                    },
                  }),
                ]}
              >
                <Input maxLength={64} />
              </Form.Item>
            </>
          ) : (
            <>
              <Form.Item
                name="bank_name"
                label="银行名称"
                rules={[{ required: true, whitespace: true, message: '请填写银行名称' }]}
              >
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item
                name="owner"
                label="开户人"
                rules={[{ required: true, whitespace: true, message: '请填写开户人' }]}
              >
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item
                name="number"
                label="银行账号"
                rules={[{ required: true, pattern: /^\d{8,30}$/, message: '银行账号应为8-30位数字' }]}
              >
                <Input maxLength={30} />
              </Form.Item>
            </>
          )
        }
      </Form.Item>
      <Form.Item name="note" label="备注（开户行、存款额度等，玩家可见）">
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
      <SortField />
    </>
  );
}
