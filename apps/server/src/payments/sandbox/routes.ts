import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { type CheckoutView, checkoutPage } from './checkout-page';
import type { SandboxGateway } from './gateway';

/** The page may style itself inline and post its forms to itself; nothing else. */
const CHECKOUT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const params = z.object({ tradeNo: z.string().regex(/^SB\d{1,30}$/) });
const query = z.object({ t: z.string().max(64).default('') });

/** The sandbox's checkout: the page the payer sees, and its pay and cancel buttons. */
export async function sandboxRoutes(app: FastifyInstance, gateway: SandboxGateway): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true, params, querystring: query };

  // The checkout's forms post urlencoded bodies; everything they need is in the URL.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, {}),
  );

  const payment = async (tradeNo: string, token: string) => {
    const found = await gateway.find(tradeNo, token);
    if (!found) throw new AppError(404, '支付订单不存在');
    return found;
  };
  r.get('/pay/checkout/:tradeNo', { schema }, async (request, reply) => {
    const found = await payment(request.params.tradeNo, request.query.t);
    const view: CheckoutView = gateway.isExpired(found)
      ? 'expired'
      : found.status === 'created'
        ? 'open'
        : found.status;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CHECKOUT_CSP)
      .header('cache-control', 'no-store')
      .send(checkoutPage(found, view, request.query.t));
  });

  // Post, then redirect to the page: a reload shows the result instead of posting again.
  r.post('/pay/checkout/:tradeNo/pay', { schema }, async (request, reply) => {
    const found = await payment(request.params.tradeNo, request.query.t);
    await gateway.pay(found);
    return reply.redirect(gateway.checkoutPath(found.tradeNo), 303);
  });

  r.post('/pay/checkout/:tradeNo/cancel', { schema }, async (request, reply) => {
    const found = await payment(request.params.tradeNo, request.query.t);
    await gateway.cancel(found);
    return reply.redirect(gateway.checkoutPath(found.tradeNo), 303);
  });
}
