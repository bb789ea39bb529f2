export { formatCurrency, formatMoney } from '@app/contract/money';
