/**
 * Scrolling notice bar (spec 2, Home): POST /api/homenotice; a tap opens a popup with a button to /message.
 * A later issue builds it; until then it renders nothing (no placeholder data on the home page).
 */
export function HomeNoticeBar() {
  return null;
}
