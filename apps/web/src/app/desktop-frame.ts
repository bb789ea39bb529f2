import { MOBILE_BREAKPOINT_PX } from '@app/contract/constants';

/**
 * Spec 1: on a desktop browser (a user agent naming none of Android, iPhone, SymbianOS, Windows Phone,
 * iPad, iPod) the application runs inside an embedded, phone-sized frame of the same address. This file
 * is plain DOM on purpose: the outer page never loads React or the app.
 */
const MOBILE_AGENT = /Android|iPhone|SymbianOS|Windows Phone|iPad|iPod/;

/** Width of the phone frame on a desktop browser. */
export const FRAME_WIDTH_PX = 414;

export const isMobileUserAgent = (userAgent: string) => MOBILE_AGENT.test(userAgent);

export function isInsideFrame(win: Window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true; // a cross-origin parent: we are framed
  }
}

export const shouldRenderDesktopFrame = (win: Window) =>
  !isMobileUserAgent(win.navigator.userAgent) && !isInsideFrame(win);

/** Replaces the page with a centred, full-height phone frame showing the same address. */
export function renderDesktopFrame(win: Window, container: HTMLElement) {
  const doc = win.document;
  doc.documentElement.style.cssText = 'height:100%;background:#0b0b10';
  doc.body.style.cssText =
    'margin:0;height:100%;overflow:hidden;background:radial-gradient(ellipse at top,#2a2114 0%,#0b0b10 60%)';
  container.style.cssText = 'height:100%;display:flex;justify-content:center';

  const frame = doc.createElement('iframe');
  frame.src = win.location.href;
  frame.title = doc.title;
  frame.style.cssText = `width:${FRAME_WIDTH_PX}px;max-width:100%;height:100%;border:0;display:block;background:#111;box-shadow:0 0 40px rgba(0,0,0,.6)`;
  container.replaceChildren(frame);

  // Keep the address bar on the page shown inside, so that a reload or a shared link lands there.
  frame.addEventListener('load', () => {
    const inner = frame.contentWindow;
    if (!inner) return;
    const sync = () => {
      if (inner.location.hash !== win.location.hash)
        win.history.replaceState(null, '', inner.location.hash || '#/');
      doc.title = inner.document.title;
    };
    sync();
    inner.addEventListener('hashchange', sync);
    inner.addEventListener('popstate', sync);
    new MutationObserver(sync).observe(inner.document.head, { childList: true, subtree: true });
  });
  win.addEventListener('hashchange', () => {
    const inner = frame.contentWindow;
    if (inner && inner.location.hash !== win.location.hash) inner.location.hash = win.location.hash;
  });
}

/** Spec 1: crossing the 768 px viewport width, either way, reloads the page. */
export function reloadWhenCrossingBreakpoint(win: Window) {
  const isWide = () => win.innerWidth >= MOBILE_BREAKPOINT_PX;
  const wasWide = isWide();
  win.addEventListener('resize', () => {
    if (isWide() !== wasWide) win.location.reload();
  });
}
