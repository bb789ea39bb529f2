import type { ReactNode } from 'react';
import { keepTogether } from '@/shared/lib/time';
import { trapFocus } from './focus-trap';

/**
 * The app's toasts and dialogs, in one place so every message looks the same. antd-mobile's Toast
 * and Dialog (and the animation library under them) load at the player's first touch or on first use,
 * keeping them off the first page load; calls made meanwhile run in order once they are there.
 */
type ToastModule = typeof import('antd-mobile/es/components/toast');
type DialogModule = typeof import('antd-mobile/es/components/dialog');

let toastModule: Promise<ToastModule['default']> | undefined;
let dialogModule: Promise<DialogModule['default']> | undefined;

let renderReady: Promise<void> | undefined;

/** antd-mobile's renderer for React 19 (antd-render.ts), set once before the first toast or dialog. */
const loadRender = () => {
  renderReady ??= import('./antd-render').then((m) => m.setupAntdMobileRender());
  return renderReady;
};
const loadToast = () => {
  toastModule ??= Promise.all([import('antd-mobile/es/components/toast'), loadRender()]).then(
    ([m]) => m.default,
  );
  return toastModule;
};
const loadDialog = () => {
  dialogModule ??= Promise.all([import('antd-mobile/es/components/dialog'), loadRender()]).then(
    ([m]) => m.default,
  );
  return dialogModule;
};

/** Fetches the feedback components at the player's first touch or key press, ahead of its answer. */
export function preloadFeedbackOnFirstInteraction() {
  const preload = () => {
    void loadToast();
    void loadDialog();
  };
  for (const type of ['pointerdown', 'keydown'] as const)
    window.addEventListener(type, preload, { once: true, passive: true });
}

type ToastOptions = Exclude<Parameters<ToastModule['default']['show']>[0], string>;
/** A toast of `content`: a date and its time, $ and its amount, never split across two lines. */
const showToast = (content: string | undefined, options: ToastOptions = {}) =>
  void loadToast().then((Toast) =>
    Toast.show({ ...options, content: content === undefined ? undefined : keepTogether(content) }),
  );

export const toast = {
  info: (content: string) => showToast(content),
  success: (content: string) => showToast(content, { icon: 'success' }),
  error: (content: string) => showToast(content, { icon: 'fail' }),
  loading: (content?: string) => showToast(content, { icon: 'loading', duration: 0, maskClickable: false }),
  clear: () => void loadToast().then((Toast) => Toast.clear()),
};

type AlertOptions = Parameters<DialogModule['default']['alert']>[0];
type ConfirmOptions = Parameters<DialogModule['default']['confirm']>[0];
type ShowOptions = Parameters<DialogModule['default']['show']>[0];

interface DialogHooks {
  afterShow?: () => void;
  afterClose?: () => void;
}

/**
 * A dialog's options made to hold the keyboard's focus while it is open (focus-trap.ts) and hand it
 * back to what had it: the dialog goes into a container of its own, trapped once it has appeared.
 * Escape, where `escapes`, answers as the first action does (取消 of a confirm, the one button of an alert).
 */
function holdingFocus<O extends DialogHooks>(options: O, escapes: boolean): O {
  const container = document.createElement('div');
  document.body.append(container);
  const opener = document.activeElement;
  const first = () => container.querySelector<HTMLElement>('.adm-dialog-footer button')?.click();
  let release: (() => void) | undefined;
  return {
    ...options,
    getContainer: () => container,
    afterShow: () => {
      release = trapFocus(container, { returnTo: opener, onEscape: escapes ? first : undefined });
      options.afterShow?.();
    },
    afterClose: () => {
      release?.();
      container.remove();
      options.afterClose?.();
    },
  };
}

export const dialog = {
  /** A dialog with one action per choice (one row each); resolves with the key of the one tapped. */
  choose: async <K extends string>(options: {
    title: string;
    content: ReactNode;
    choices: { key: K; text: string; bold?: boolean }[];
  }): Promise<K> => {
    const Dialog = await loadDialog();
    return new Promise<K>((resolve) => {
      Dialog.show(
        holdingFocus<ShowOptions>(
          {
            title: options.title,
            content: options.content,
            closeOnAction: true,
            actions: options.choices.map((c) => ({
              key: c.key,
              text: c.text,
              bold: c.bold,
              onClick: () => resolve(c.key),
            })),
          },
          false,
        ),
      );
    });
  },
  alert: async (options: AlertOptions) => (await loadDialog()).alert(holdingFocus(options, true)),
  confirm: async (options: ConfirmOptions) => (await loadDialog()).confirm(holdingFocus(options, true)),
};
