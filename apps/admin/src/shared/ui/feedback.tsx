import { App } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

let message: MessageInstance | undefined;
let modal: HookAPI | undefined;

/**
 * antd's message and modal, themed and localised by the console's providers, for code outside
 * components (the query client's error handler, action helpers).
 */
export const notify = {
  success: (text: string) => void message?.success(text),
  error: (text: string) => void message?.error(text),
};

export function confirmDialog(options: Parameters<HookAPI['confirm']>[0]) {
  return modal?.confirm(options);
}

export function infoDialog(options: Parameters<HookAPI['success']>[0]) {
  return modal?.success(options);
}

/** Mounted once inside antd's <App>: hands its message and modal to the helpers above. */
export function FeedbackBridge() {
  const app = App.useApp();
  message = app.message;
  modal = app.modal;
  return null;
}
