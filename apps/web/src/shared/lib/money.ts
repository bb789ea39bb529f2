import { formatMoney } from '@app/contract/money';

export { formatMoney };

/** Money is shown with the currency symbol $ (spec 1), e.g. "$ 10,000.00". */
export const CURRENCY_SYMBOL = '$';

export function formatCurrency(amount: number | null | undefined): string {
  return `${CURRENCY_SYMBOL} ${formatMoney(amount ?? 0)}`;
}
