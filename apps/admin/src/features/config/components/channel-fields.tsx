import { Form, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { SortField } from '@/shared/ui/sort-field';

/** A channel's settings in its edit dialog: open or closed, order, and a range or fixed amounts. */
export function ChannelFields() {
  return (
    <>
      <Form.Item name="enabled" label="开放" valuePropName="checked">
        <Switch checkedChildren="开放" unCheckedChildren="关闭" />
      </Form.Item>
      <SortField />
      <Form.Item name="type" label="金额规则">
        <Radio.Group
          options={[
            { value: 'range', label: '金额范围' },
            { value: 'fixed', label: '固定金额' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
        {({ getFieldValue }) =>
          getFieldValue('type') === 'fixed' ? (
            <Form.Item
              name="values"
              label="固定金额（输入后回车）"
              rules={[
                {
                  validator: async (_rule, v: string[] | undefined) => {
                    const numbers = (v ?? []).map(Number);
                    if (numbers.length < 1 || numbers.length > 12 || numbers.some((n) => !(n > 0)))
                      throw new Error('请填写1-12个固定金额，每个大于0');
                  },
                },
              ]}
            >
              <Select
                mode="tags"
                tokenSeparators={[',', '，', ' ']}
                placeholder="如 100, 200, 500"
                open={false}
              />
            </Form.Item>
          ) : (
            <Space align="start">
              <Form.Item name="min" label="最低金额" rules={[{ required: true, message: '请输入最低金额' }]}>
                <InputNumber min={0.01} precision={2} prefix="$" style={{ width: 160 }} />
              </Form.Item>
              <Form.Item
                name="max"
                label="最高金额"
                dependencies={['min']}
                rules={[
                  { required: true, message: '请输入最高金额' },
                  ({ getFieldValue }) => ({
                    validator: async (_rule, v: number | undefined) => {
                      if (v !== undefined && v < getFieldValue('min'))
                        throw new Error('最低金额不能大于最高金额');
                    },
                  }),
                ]}
              >
                <InputNumber min={0.01} precision={2} prefix="$" style={{ width: 160 }} />
              </Form.Item>
            </Space>
          )
        }
      </Form.Item>
    </>
  );
}
