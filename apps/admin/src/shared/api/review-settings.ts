import { reviewSettingsSchema } from '@app/contract/admin/money';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** The money review's settings (the four-eyes threshold): the review queues and a player's adjustment read them. */
export const reviewSettingsQuery = queryOptions({
  queryKey: ['review', 'settings'],
  queryFn: () => api(reviewSettingsSchema, '/review/settings'),
});
