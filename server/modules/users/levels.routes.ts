import { Router } from 'express';
import { API } from '../../../shared/api-contract/index.ts';
import { contextOf, currentUser } from '../../http/request-context.ts';
import { validate } from '../../lib/validate.ts';
import type { LevelsService } from './levels.service.ts';

/** SPEC §7 User data: GET user/premium_statuses (guests get the levels alone). */
export function levelsRoutes({ levels }: { levels: LevelsService }): Router {
  const router = Router();
  router.get('/user/premium_statuses', async (req, res) => {
    validate(API['GET user/premium_statuses'].query.schema, req.query);
    const data = await levels.statusesOf(currentUser(res), contextOf(res).visitor.currency);
    res.json({ status: 'success', data });
  });
  return router;
}
