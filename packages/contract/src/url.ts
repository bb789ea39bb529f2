import { z } from 'zod';

/** Control characters (which URL parsers drop, so `java\tscript:` hides a scheme) and backslashes (which browsers read as slashes): no address needs them. */
const unsafe = (text: string) =>
  [...text].some((c) => c.charCodeAt(0) < 0x20 || c === '\u007F' || c === '\\');

/** http:// or https://, a host (with its port), then a path, query or fragment, no whitespace. */
const HTTP_URL = /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i;

/**
 * Whether `text` is an address the platform may send a player to: an absolute http or https URL,
 * a path on this site (`/...`, never `//host`, which is another site), or empty for none.
 * `javascript:`, `data:` and every other scheme are refused.
 */
export function isHttpAddress(text: string): boolean {
  if (text === '') return true;
  if (unsafe(text)) return false;
  if (text.startsWith('/')) return !text.startsWith('//');
  return HTTP_URL.test(text);
}

export const notHttpAddress = (field: string) =>
  `参数错误：${field} 只能是 http:// 或 https:// 开头的地址，或本站路径`;

/** The schema of every field that holds an address (the operator's site settings): see isHttpAddress. */
export const httpAddress = (field: string) =>
  z.string().trim().max(2048).refine(isHttpAddress, notHttpAddress(field));
