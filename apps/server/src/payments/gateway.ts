/**
 * A payment gateway as the platform sees it: it opens a payment for one of our deposit orders and
 * answers a signed statement once the payer has paid or cancelled. The platform credits a deposit
 * only on a statement that it was paid, and closes one on a statement that it was cancelled, whether
 * the statement arrives as the gateway's notification or as the answer to our query.
 */
export interface PaymentGateway {
  createPayment(input: {
    merchantOrderNo: string;
    /** Cents. */
    amount: bigint;
    channel: string;
    notifyUrl: string;
    returnUrl: string;
    expiresAt: Date;
  }): Promise<{ tradeNo: string; checkoutUrl: string }>;
  /** The signed statement of a paid or cancelled payment, as the notification carries it; null while open. */
  queryPayment(merchantOrderNo: string): Promise<PaymentStatement | null>;
}

/** What the gateway signs: every field but `sign`, as strings. */
interface StatementFields {
  trade_no: string;
  merchant_order_no: string;
  /** Decimal with two places, e.g. 200.00. */
  amount: string;
  /** HMAC-SHA256 (hex) over the other fields; see signFields. */
  sign: string;
}

/** The payer paid (ISO 8601 `paid_at`), or cancelled the payment at the checkout. */
export type PaymentStatement = StatementFields &
  ({ status: 'paid'; paid_at: string } | { status: 'cancelled' });

export class GatewayUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment gateway unavailable', { cause });
    this.name = 'GatewayUnavailableError';
  }
}
