import { ACCOUNT_SERVER_MSG, AVATAR_MAX_BYTES } from '@app/contract/account-rules';
import { AVATAR_SIZES, avatarSources } from '@app/contract/pictures';
import { type ChangeEvent, useState } from 'react';
import { apiAssetUrl } from '@/shared/api/asset-url';
import { TA } from '@/shared/i18n/zh-cn/account';
import { toast } from '@/shared/ui/feedback';
import { IconUser, svgIcon } from '@/shared/ui/icons';
import { Picture } from '@/shared/ui/picture';
import { useUploadAvatar } from '../api/upload-avatar';
import styles from './avatar-upload.module.css';

const ACCEPTED = ['image/png', 'image/gif'];

const IconCamera = svgIcon(
  'M12 15.2a3.2 3.2 0 1 0 0-6.4 3.2 3.2 0 0 0 0 6.4zM9 2 7.17 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2h-3.17L15 2H9zm3 15c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5z',
);

/**
 * The player's avatar on the profile hub (/mine, spec 2; composed there by app/pages/mine-route.tsx),
 * a PNG's as its square AVIF or WebP copy of the phone's density: tapping it picks a PNG or GIF, which is uploaded at once;
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
        <Picture
          src={src}
          alt={TA.avatarAlt}
          copies={{ sources: avatarSources(src), sizes: AVATAR_SIZES }}
          onError={() => setBrokenSrc(src)}
        />
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
