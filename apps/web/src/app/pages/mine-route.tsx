import { AvatarUpload } from '@/features/account/components/avatar-upload';
import { MinePage } from '@/features/mine/pages/mine-page';

/**
 * /mine as routed: the mine feature's profile hub with the account feature's avatar upload (POST
 * /api/uploadimg, answered by the server's account module). Composed here because a feature never
 * imports another.
 */
export function MineRoute() {
  return <MinePage avatar={(path) => <AvatarUpload avatar={path} />} />;
}
