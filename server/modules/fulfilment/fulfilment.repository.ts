import type { Db } from '../../db/database.ts';
import type { ProviderRow } from './fulfilment.table.ts';

/** SQL on `providers`: an enabled provider by its id, or undefined. */
export function enabledProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db
    .selectFrom('providers')
    .selectAll()
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
}
