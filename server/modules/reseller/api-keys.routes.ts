import { type Response, Router } from 'express';
import type { PublicUser } from '#shared/user.ts';
import { mountReads } from '../../http/reads.ts';
import { currentUser } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import { apiKeyReads } from './reseller.reads.ts';

function userOf(res: Response): PublicUser {
  const user = currentUser(res);
  if (!user) throw new AppError('Log in to manage your API key', 401);
  return user;
}

/** `/cp/api/`'s calls: the key's facts, a new key (shown once), and revoking it. */
export function apiKeysRoutes({ apiKeys }: { apiKeys: ApiKeysService }): Router {
  const router = Router();

  mountReads(router, apiKeyReads({ apiKeys }));

  // a new key, or a rotation: the old one stops working at once
  router.post('/user/api-key', async (_req, res) => {
    const key = await apiKeys.create(userOf(res).id);
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({ status: 'success', data: { key } });
  });

  router.delete('/user/api-key', async (_req, res) => {
    const removed = await apiKeys.revoke(userOf(res).id);
    if (!removed) throw new AppError('There is no API key to revoke', 404);
    res.json({ status: 'success', data: null });
  });

  return router;
}
