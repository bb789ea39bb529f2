import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml } from './safe-html';

describe('SafeHtml', () => {
  it('keeps text and formatting', () => {
    const html = '<h3>标题</h3><p>段落 <b>加粗</b></p><ul><li>一</li></ul><img src="/art/a.svg" alt="">';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('drops <script>, event handlers and javascript: addresses', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<p>好</p><script>window.hacked = 1</script>' +
          '<img src="x" onerror="window.hacked = 2">' +
          '<a href="javascript:window.hacked = 3">链接</a>' +
          '<a href="JaVaScRiPt:alert(1)">大小写</a>' +
          '<svg><a xlink:href="javascript:alert(1)"><text>svg</text></a></svg>' +
          '<div onmouseover="alert(1)" style="">悬停</div>' +
          '<iframe src="javascript:alert(1)"></iframe><form action="javascript:alert(1)"><input></form>'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('form')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.querySelector('[onmouseover]')).toBeNull();
    expect(container.innerHTML).not.toMatch(/javascript:/i);
    expect(container.textContent).toContain('好');
    expect(container.textContent).toContain('链接');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('gives links that open a new window rel="noopener noreferrer"', () => {
    expect(sanitizeHtml('<a href="https://example.com/" target="_blank">外链</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">外链</a>',
    );
  });
});
