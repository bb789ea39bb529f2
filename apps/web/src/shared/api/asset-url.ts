/** The API's base address: the app calls the server on its own origin (Vite proxies /api and /pay in development). */
export const API_BASE = '';

/** An image path the API answers (a payment QR code) as the address to load it from: the base plus the path. */
export function apiAssetUrl(path: string): string {
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:image/')) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}
