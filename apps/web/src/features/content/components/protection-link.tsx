import { TC } from '@/shared/i18n/zh-cn/content';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { GoldButton } from '@/shared/ui/gold-button';

/** Under the responsible-gambling article: the way to the settings it describes. */
export function ProtectionLink() {
  const go = useAppNavigate();
  return (
    <div style={{ margin: '20px 16px 32px' }}>
      <GoldButton onClick={() => go(PATH.protection)}>{TC.protectionEntry}</GoldButton>
    </div>
  );
}
