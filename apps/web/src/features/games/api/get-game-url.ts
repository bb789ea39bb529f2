import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

export interface GameUrlRequest {
  /** The platform (query name). */
  platform: string;
  /** The game type (query type; the category code, 0 when absent). */
  type: string;
  /** The game code (query code; empty: the platform's lobby). */
  code: string;
}

/** POST /api/getGameUrl: the address of a game, for a phone (is_mobile_url 1). */
export async function getGameUrl({ platform, type, code }: GameUrlRequest): Promise<string> {
  const { url } = await apiData('/api/getGameUrl', schemas.url, {
    body: { plat_name: platform, game_type: type || '0', game_code: code, is_mobile_url: 1 },
  });
  return url;
}
