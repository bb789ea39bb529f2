import type { CaptchaData } from '@app/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';

/** GET /api/captcha: an image (data URL) and the key it answers to; a key is good for one attempt. */
export const getCaptcha = (signal?: AbortSignal): Promise<CaptchaData> =>
  apiData('/api/captcha', schemas.captcha, { method: 'GET', signal });

export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.captcha,
    queryFn: ({ signal }) => getCaptcha(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useCaptcha = () => useQuery(captchaQueryOptions());
