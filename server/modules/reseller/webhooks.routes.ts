import { type Response, Router } from 'express';
import { API } from '#shared/api-contract/index.ts';
import type { WebhookBody } from '#shared/schemas/cabinet.schemas.ts';
import type { PublicUser } from '#shared/user.ts';
import { mountReads } from '../../http/reads.ts';
import { currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import { webhookReads } from './reseller.reads.ts';
import type { WebhooksService } from './webhooks.service.ts';

function userOf(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError('Log in to manage your webhook', 401);
  return user;
}

/** `/cp/api/`'s webhook calls: the endpoint and its log, the URL, the secret, a test event. */
export function webhooksRoutes({ webhooks }: { webhooks: WebhooksService }): Router {
  const router = Router();

  // the endpoint carries its secret: no cache keeps the answer
  router.get('/user/webhook', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  mountReads(router, webhookReads({ webhooks }));

  router.put('/user/webhook', async (req, res) => {
    const body = validate<WebhookBody>(API['PUT user/webhook'].body.schema, req.body ?? {});
    const endpoint = await webhooks.setUrl(userOf(res).id, body.url);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'success', data: endpoint });
  });

  router.delete('/user/webhook', async (_req, res) => {
    if (!(await webhooks.remove(userOf(res).id)))
      throw new AppError('There is no webhook to remove', 404);
    res.json({ status: 'success', data: null });
  });

  router.post('/user/webhook/secret', async (_req, res) => {
    const endpoint = await webhooks.rollSecret(userOf(res).id);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'success', data: endpoint });
  });

  // queued: the worker delivers it like any event (nothing is sent on the request path)
  router.post('/user/webhook/test', async (_req, res) => {
    await webhooks.sendTest(userOf(res).id);
    res.status(202).json({ status: 'success', data: null });
  });

  return router;
}
