/**
 * Game categories (spec 2, Home): side list hot(6), e-slots(4), live(0), e-sports(2), cards(3), lottery(5), sports(1).
 * A later issue builds it; until then it renders nothing (no placeholder data on the home page).
 */
export function GameCategories() {
  return null;
}
