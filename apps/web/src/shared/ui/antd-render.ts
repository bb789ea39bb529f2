import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * antd-mobile 5 renders its imperative Toast, Dialog and Modal with the legacy ReactDOM.render, which
 * React 19 no longer has: give it a createRoot-based renderer before the first of them shows
 * (feedback.ts loads this beside them, keeping rc-util's renderer off the first page load).
 */
export function setupAntdMobileRender() {
  unstableSetRender((node, container: Container) => {
    container._reactRoot ??= createRoot(container);
    container._reactRoot.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      container._reactRoot?.unmount();
      delete container._reactRoot;
    };
  });
}
