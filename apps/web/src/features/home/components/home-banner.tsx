/**
 * Banner carousel (spec 2, Home): POST /api/bannerList with type 2, autoplay BANNER_AUTOPLAY_MS.
 * A later issue builds it; until then it renders nothing (no placeholder data on the home page).
 */
export function HomeBanner() {
  return null;
}
