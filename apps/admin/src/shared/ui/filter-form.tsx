import { Form } from 'antd';
import type { ReactNode } from 'react';
import { FilterButtons } from './filter-buttons';

/**
 * A list's filters above it: the fields, 查询 and 重置. It shows the filters the URL holds (it is
 * made again when they change: back, forward, a bookmark); 重置 clears them.
 */
export function FilterForm<V extends object>(props: {
  label: string;
  values: V;
  onSearch: (values: V) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  return (
    <Form<V>
      key={JSON.stringify(props.values)}
      layout="inline"
      initialValues={props.values}
      onFinish={props.onSearch}
      style={{ marginBottom: 16, rowGap: 12 }}
      aria-label={props.label}
    >
      {props.children}
      <FilterButtons onReset={props.onReset} />
    </Form>
  );
}
