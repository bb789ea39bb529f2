import { MSG } from '@app/contract/messages';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { copyText } from '@/shared/lib/clipboard';
import { toast } from '@/shared/ui/feedback';
import { IconCopy } from '@/shared/ui/icons';
import styles from './copy-button.module.css';

/** A small 复制 button after a value (an account number, an address); 复制成功！ once copied. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const copy = async () => {
    if (await copyText(text)) toast.success(MSG.copied);
  };
  return (
    <button
      type="button"
      className={styles.copy}
      onClick={() => void copy()}
      aria-label={`${TP.copy}${what}`}
    >
      <IconCopy />
      {TP.copy}
    </button>
  );
}
