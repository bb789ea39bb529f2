import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { notify } from './feedback';

/** A list's 导出 CSV: runs the export, says when it is done or why it failed. */
export function ExportButton({ run }: { run: () => Promise<void> | void }) {
  const [exporting, setExporting] = useState(false);
  const click = async () => {
    setExporting(true);
    try {
      await run();
      notify.success('已导出');
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={exporting} onClick={click}>
      导出 CSV
    </Button>
  );
}
