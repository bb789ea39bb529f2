import { Form, InputNumber } from 'antd';

/** The order of a row the players see (channels, accounts, games): a whole number 0-9999, smaller first. */
export function SortField({ label = '排序（越小越靠前）' }: { label?: string }) {
  return (
    <Form.Item
      name="sort"
      label={label}
      rules={[{ required: true, type: 'integer', min: 0, max: 9999, message: '排序应为 0-9999 的整数' }]}
    >
      <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}
