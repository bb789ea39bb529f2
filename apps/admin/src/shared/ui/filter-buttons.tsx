import { SearchOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';

/** The end of a list's filter form: 查询 submits it, 重置 clears it. */
export function FilterButtons({ onReset }: { onReset: () => void }) {
  return (
    <>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={onReset}>重置</Button>
      </Form.Item>
    </>
  );
}
