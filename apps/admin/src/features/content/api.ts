import {
  type ContentKind,
  type ContentRow,
  contentRowSchema,
  imageSchema,
  messageSentSchema,
  previewSchema,
  sentMessageSchema,
  welcomeSchema,
} from '@app/contract/admin/content';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, command, upload } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

export const contentQuery = (kind: ContentKind) =>
  queryOptions({
    queryKey: ['content', kind],
    queryFn: () => api(z.array(contentRowSchema), `/content/${kind}`),
  });

const refresh = (kind: string) => queryClient.invalidateQueries({ queryKey: ['content', kind] });

async function changed(kind: string, message: Promise<string>): Promise<string> {
  const text = await message;
  await refresh(kind);
  return text;
}

/** Creates (no id) or edits a row of `kind`; the reason goes to the audit log. */
export const saveContent = (
  kind: ContentKind,
  id: string | undefined,
  values: Record<string, unknown>,
  reason: string,
) =>
  changed(
    kind,
    command(id === undefined ? `/content/${kind}` : `/content/${kind}/${id}`, { ...values, reason }),
  );

export const publishContent = (kind: ContentKind, id: string, enabled: boolean, reason: string) =>
  changed(kind, command(`/content/${kind}/${id}/publish`, { enabled, reason }));

export const deleteContent = (kind: ContentKind, id: string, reason: string) =>
  changed(kind, command(`/content/${kind}/${id}/delete`, { reason }));

export const orderContent = (kind: ContentKind, rows: readonly ContentRow[], reason: string) =>
  changed(kind, command(`/content/${kind}/order`, { ids: rows.map((r) => String(r.id)), reason }));

/** The HTML as the server stores it and the player app receives it. */
export const previewHtml = (html: string) =>
  api(previewSchema, '/content/preview', { method: 'POST', body: { html } }).then((p) => p.html);

export const uploadImage = (file: File) => upload(imageSchema, '/content/images', file, file.name);

export const welcomeQuery = queryOptions({
  queryKey: ['content', 'welcome'],
  queryFn: () => api(welcomeSchema, '/content/welcome'),
});
export const saveWelcome = (values: { enabled: boolean; content: string; reason: string }) =>
  changed('welcome', command('/content/welcome', values));

export const sentMessagesQuery = queryOptions({
  queryKey: ['content', 'messages'],
  queryFn: () => api(z.array(sentMessageSchema), '/messages'),
});
export async function sendMessage(values: Record<string, unknown>) {
  const sent = await api(messageSentSchema, '/messages', { method: 'POST', body: values });
  await refresh('messages');
  return sent;
}
export const deleteMessage = (id: number, reason: string) =>
  changed('messages', command(`/messages/${id}/delete`, { reason }));
