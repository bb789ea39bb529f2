/**
 * Shortcuts (spec 2, Home): customer service, VIP, the RMB platform link and a more-menu of 10 entries.
 * A later issue builds it; until then it renders nothing (no placeholder data on the home page).
 */
export function HomeShortcuts() {
  return null;
}
