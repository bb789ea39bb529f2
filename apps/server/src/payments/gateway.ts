/**
 * A payment gateway as the platform sees it: it opens a payment for one of our deposit orders and
 * answers a signed statement when the payer has paid. The platform credits a deposit only on such a
 * statement, whether it arrives as the gateway's notification or as the answer to our query.
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
  /** The signed statement of a paid payment, as the notification carries it; null while unpaid. */
  queryPayment(merchantOrderNo: string): Promise<PaymentStatement | null>;
}

/** What the gateway signs: every field but `sign`, as strings. */
export interface PaymentStatement {
  trade_no: string;
  merchant_order_no: string;
  /** Decimal with two places, e.g. 200.00. */
  amount: string;
  status: 'paid';
  /** ISO 8601. */
  paid_at: string;
  /** HMAC-SHA256 (hex) over the other fields; see signStatement. */
  sign: string;
}

export class GatewayUnavailableError extends Error {
  constructor(cause: unknown) {
    super('payment gateway unavailable', { cause });
    this.name = 'GatewayUnavailableError';
  }
}
