import { centsToAmount } from '@app/contract/money';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPayments } from '../../db/schema/payments';
import type { Clock } from '../../lib/clock';
import { acceptedKeys, type Keyring } from '../../lib/keyring';
import { orderNo } from '../../lib/order-no';
import type { PaymentGateway, PaymentStatement } from '../gateway';
import { signFields, urlToken, urlTokenValid } from '../signature';

export type SandboxPayment = typeof sandboxPayments.$inferSelect;

/** Sends a statement to the merchant's notify URL; true once the merchant acknowledged it. */
export type Deliver = (url: string, statement: PaymentStatement) => Promise<boolean>;

/** The sandbox's notification: a JSON POST; the merchant acknowledges with `{ code: 200 }`. */
export const httpDeliver: Deliver = async (url, statement) => {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(statement),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { code?: unknown };
    return response.ok && body.code === 200;
  } catch {
    return false;
  }
};

/** A notification is retried by the job until acknowledged, this many times at most. */
const MAX_NOTIFY_ATTEMPTS = 20;

export type PayOutcome = 'paid' | 'already_paid' | 'cancelled' | 'expired';

/**
 * The payment sandbox: an in-process stand-in for an outside payment gateway. It keeps its own
 * payments, shows the payer a checkout page, and tells the merchant (the platform) that a payment
 * was paid or cancelled only through statements signed with the shared secret, sent to the
 * merchant's notify URL and retried until acknowledged.
 */
export class SandboxGateway implements PaymentGateway {
  constructor(
    private readonly db: Db,
    private readonly keys: Keyring,
    private readonly clock: Clock,
    private readonly deliver: Deliver,
  ) {}

  async createPayment(input: Parameters<PaymentGateway['createPayment']>[0]) {
    const now = this.clock.now();
    await this.db
      .insert(sandboxPayments)
      .values({
        tradeNo: orderNo('SB', now),
        merchantOrderNo: input.merchantOrderNo,
        amount: input.amount,
        channel: input.channel,
        status: 'created',
        notifyUrl: input.notifyUrl,
        returnUrl: input.returnUrl,
        createdAt: now,
        expiresAt: input.expiresAt,
      })
      // The same merchant order opened twice is one payment.
      .onConflictDoNothing({ target: sandboxPayments.merchantOrderNo });
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.merchantOrderNo, input.merchantOrderNo));
    if (!row) throw new Error('sandbox payment not recorded');
    return { tradeNo: row.tradeNo, checkoutUrl: this.checkoutPath(row.tradeNo) };
  }

  async queryPayment(merchantOrderNo: string): Promise<PaymentStatement | null> {
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.merchantOrderNo, merchantOrderNo));
    return row && row.status !== 'created' ? this.statement(row) : null;
  }

  checkoutPath(tradeNo: string): string {
    return `/pay/checkout/${tradeNo}?t=${urlToken('checkout', tradeNo, this.keys.current)}`;
  }

  /** The payment behind a checkout link, or null when the link is not one the sandbox made. */
  async find(tradeNo: string, token: string): Promise<SandboxPayment | null> {
    if (!urlTokenValid('checkout', tradeNo, token, acceptedKeys(this.keys, this.clock.now()))) return null;
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.tradeNo, tradeNo));
    return row ?? null;
  }

  isExpired(payment: SandboxPayment): boolean {
    return payment.status === 'created' && payment.expiresAt <= this.clock.now();
  }

  /** The payer pays: once, and only before the payment expires; then the merchant is told. */
  async pay(payment: SandboxPayment): Promise<PayOutcome> {
    const now = this.clock.now();
    const [paid] = await this.db
      .update(sandboxPayments)
      .set({ status: 'paid', paidAt: now })
      .where(
        and(
          eq(sandboxPayments.tradeNo, payment.tradeNo),
          eq(sandboxPayments.status, 'created'),
          gt(sandboxPayments.expiresAt, now),
        ),
      )
      .returning();
    if (!paid) {
      const [current] = await this.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.tradeNo, payment.tradeNo));
      if (current?.status === 'paid') return 'already_paid';
      return current?.status === 'cancelled' ? 'cancelled' : 'expired';
    }
    await this.notify(paid);
    return 'paid';
  }

  /** The payer cancels an open payment: once; then the merchant is told, so that it closes the order. */
  async cancel(payment: SandboxPayment): Promise<void> {
    const [cancelled] = await this.db
      .update(sandboxPayments)
      .set({ status: 'cancelled' })
      .where(and(eq(sandboxPayments.tradeNo, payment.tradeNo), eq(sandboxPayments.status, 'created')))
      .returning();
    if (cancelled) await this.notify(cancelled);
  }

  /** Retries the notifications the merchant has not acknowledged yet (a job). */
  async redeliver(): Promise<{ delivered: number; pending: number }> {
    const due = await this.db
      .select()
      .from(sandboxPayments)
      .where(
        and(
          inArray(sandboxPayments.status, ['paid', 'cancelled']),
          isNull(sandboxPayments.notifiedAt),
          lt(sandboxPayments.notifyAttempts, MAX_NOTIFY_ATTEMPTS),
        ),
      )
      .limit(100);
    let delivered = 0;
    for (const payment of due) if (await this.notify(payment)) delivered++;
    return { delivered, pending: due.length - delivered };
  }

  private async notify(payment: SandboxPayment): Promise<boolean> {
    const acknowledged = await this.deliver(payment.notifyUrl, this.statement(payment));
    await this.db
      .update(sandboxPayments)
      .set({
        notifyAttempts: sql`${sandboxPayments.notifyAttempts} + 1`,
        ...(acknowledged ? { notifiedAt: this.clock.now() } : {}),
      })
      .where(eq(sandboxPayments.tradeNo, payment.tradeNo));
    return acknowledged;
  }

  private statement(payment: SandboxPayment): PaymentStatement {
    const common = {
      trade_no: payment.tradeNo,
      merchant_order_no: payment.merchantOrderNo,
      amount: centsToAmount(payment.amount).toFixed(2),
    };
    if (payment.status === 'cancelled') {
      const fields = { ...common, status: 'cancelled' as const };
      return { ...fields, sign: signFields(fields, this.keys.current) };
    }
    const fields = {
      ...common,
      status: 'paid' as const,
      paid_at: (payment.paidAt ?? this.clock.now()).toISOString(),
    };
    return { ...fields, sign: signFields(fields, this.keys.current) };
  }
}
