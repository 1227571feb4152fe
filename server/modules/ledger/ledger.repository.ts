import type { Db } from '../../db/database.ts';
import type { NewTransactionRow } from './ledger.table.ts';

/** SQL on `transactions` (the ledger): rows are only ever added, never changed. */
export async function insertLedgerRow(db: Db, row: NewTransactionRow): Promise<void> {
  await db.insertInto('transactions').values(row).execute();
}
