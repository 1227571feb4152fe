import { Router } from 'express';
import { mountReads } from '../../http/reads.ts';
import type { LevelsService } from './levels.service.ts';
import { levelsReads } from './users.reads.ts';

/** GET user/premium_statuses (users.reads.ts). */
export function levelsRoutes({ levels }: { levels: LevelsService }): Router {
  const router = Router();
  mountReads(router, levelsReads({ levels }));
  return router;
}
