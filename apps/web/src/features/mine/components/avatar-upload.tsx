import { ACCOUNT_SERVER_MSG, AVATAR_MAX_BYTES } from '@app/contract/account-rules';
import { type ChangeEvent, useState } from 'react';
import { apiAssetUrl } from '@/shared/api/asset-url';
import { TA } from '@/shared/i18n/zh-cn/account';
import { toast } from '@/shared/ui/feedback';
import { IconUser } from '@/shared/ui/icons';
import { useUploadAvatar } from '../api/upload-avatar';
import styles from './avatar-upload.module.css';
import { IconCamera } from './mine-icons';

const ACCEPTED = ['image/png', 'image/gif'];

/**
 * The avatar of the profile hub (spec 2): tapping it picks a PNG or GIF, which is uploaded at once;
 * 上传成功 and the new picture follow, or the server's refusal. A file plainly too big or of another
 * type is refused here with the server's words before anything is sent; the server checks the bytes.
 */
export function AvatarUpload({ avatar }: { avatar: string | undefined }) {
  const upload = useUploadAvatar();
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = avatar ? apiAssetUrl(avatar) : null;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same picture may be chosen again after a refusal.
    input.value = '';
    if (!file || upload.isPending) return;
    if (file.type !== '' && !ACCEPTED.includes(file.type)) {
      toast.error(ACCOUNT_SERVER_MSG.uploadType);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(ACCOUNT_SERVER_MSG.uploadSize);
      return;
    }
    upload.mutate(file, { onSuccess: ({ message }) => toast.success(message) });
  };

  return (
    <label className={styles.avatar} data-testid="avatar" aria-busy={upload.isPending}>
      {src && src !== brokenSrc ? (
        <img src={src} alt={TA.avatarAlt} onError={() => setBrokenSrc(src)} />
      ) : (
        <IconUser className={styles.placeholder} />
      )}
      <span className={styles.badge} aria-hidden="true">
        <IconCamera />
      </span>
      <input
        type="file"
        accept="image/png,image/gif"
        className={styles.input}
        aria-label={TA.changeAvatar}
        title={TA.avatarHint}
        onChange={onPick}
        disabled={upload.isPending}
      />
    </label>
  );
}
