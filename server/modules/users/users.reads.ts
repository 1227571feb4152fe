import type { ReadHandlers } from '../../http/reads.ts';
import type { LevelsService } from './levels.service.ts';

/**
 * The discount levels and the account's place among them (guests get the levels alone):
 * served over HTTP by levels.routes.ts and in process to the cabinet pages' loaders.
 */
export const levelsReads = ({ levels }: { levels: LevelsService }) =>
  ({
    'GET user/premium_statuses': (_input, { context }) =>
      levels.statusesOf(context.user, context.visitor.currency),
  }) satisfies ReadHandlers;
