import { Table, type TableProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';

/** antd's scrolling parts of a table: the body of a table with a fixed height, the content of a wide one. */
const SCROLLERS = '.ant-table-body, .ant-table-content';

/**
 * An antd table with a name: its `<table>` elements are labelled, and a part that scrolls is a named
 * region a keyboard can reach (tabIndex 0) and scroll with the arrow keys, which antd leaves out.
 */
export function LabelledTable<T extends object>({ label, ...props }: TableProps<T> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // After every render: antd makes its scrolling parts when it has measured the table.
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    for (const table of root.querySelectorAll('table')) table.setAttribute('aria-label', label);
    for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={ref}>
      <Table<T> {...props} />
    </div>
  );
}
