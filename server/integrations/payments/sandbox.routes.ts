import express, { type Request, type Response, Router } from 'express';
import { localeOfPath } from '#shared/locales.ts';
import { message } from '../../lib/i18n.ts';
import type { GatewayStatus } from './payment-gateway.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';

// a Map: the button's value names the outcome, and `__proto__` must name none
const OUTCOMES = new Map<string, { status: GatewayStatus; action: string }>([
  ['pay', { status: 'SUCCESS', action: 'PaymentSuccess' }],
  ['decline', { status: 'ERROR', action: 'PaymentCancel' }],
  ['pending', { status: 'WAITING', action: 'PaymentWaiting' }],
]);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sandbox gateway's hosted checkout: what a card form would be at a real gateway. Pay,
 * decline or leave pending; the gateway then sends its signed webhook and the buyer goes back
 * to the shop with `?action=…&payment=…` (docs/product.md).
 */
export function sandboxRoutes(gateway: SandboxGateway): Router {
  const router = Router();

  router.get('/checkout/:ref/', (req: Request, res: Response) => {
    const payment = gateway.payment(String(req.params.ref));
    if (!payment) {
      res.status(404).type('text/plain').send('Unknown sandbox payment');
      return;
    }
    const amount = `${(payment.amount / 100).toFixed(2)} ${payment.currency}`;
    // in the language of the page the payer came from, as a real gateway takes a locale
    const lang = localeOfPath(new URL(payment.returnUrl).pathname);
    const say = (id: string) => escapeHtml(message(lang, id));
    res.type('html').send(`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${say('sandbox.title')}</title>
<style>
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;background:#f7f6fb;color:#14121f;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px}
main{background:#fff;border:1px solid #e6e4ef;border-radius:16px;padding:clamp(20px,6vw,32px);max-width:420px;width:100%;box-shadow:0 8px 24px rgb(20 18 31/8%);overflow-wrap:anywhere}
h1{font-size:1.25rem;margin:0 0 4px}.amount{font-size:2rem;font-weight:800;margin:16px 0}
p{color:#4a4760;margin:0}form{display:grid;gap:8px;margin-top:24px}
button{min-height:48px;border-radius:10px;border:1px solid #cfcbe0;background:#fff;font:inherit;font-weight:600;cursor:pointer}
button[value=pay]{background:#5b3df5;border-color:#5b3df5;color:#fff}
</style></head><body><main>
<h1>${say('sandbox.title')}</h1><p>${say('sandbox.lead')}</p>
<p class="amount">${escapeHtml(amount)}</p><p>${escapeHtml(payment.description)}</p>
<form method="post"><button name="outcome" value="pay">${say('sandbox.pay')}</button>
<button name="outcome" value="decline">${say('sandbox.decline')}</button>
<button name="outcome" value="pending">${say('sandbox.pending')}</button></form>
</main></body></html>`);
  });

  router.post(
    '/checkout/:ref/',
    express.urlencoded({ extended: false, limit: '1kb' }),
    async (req: Request, res: Response, next) => {
      try {
        const payment = gateway.payment(String(req.params.ref));
        const outcome = OUTCOMES.get(String(req.body?.outcome));
        if (!payment || !outcome) {
          res.status(400).type('text/plain').send('Unknown payment or outcome');
          return;
        }
        // a payment is decided once; a second click goes back with the first decision
        const decided = payment.status !== 'WAITING';
        if (!decided && outcome.status !== 'WAITING')
          await gateway.decide(payment.ref, outcome.status);
        const action = decided
          ? [...OUTCOMES.values()].find((entry) => entry.status === payment.status)!.action
          : outcome.action;
        const back = new URL(payment.returnUrl);
        back.searchParams.set('action', action);
        back.searchParams.set('payment', payment.publicId);
        res.redirect(303, back.toString());
      } catch (error) {
        next(error);
      }
    },
  );

  return router;
}
