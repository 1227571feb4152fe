import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LedgerGroup, NewTransactionRow, TransactionRow } from './ledger.table.ts';

/** SQL on `transactions` (the ledger): rows are only ever added, never changed. */
export async function insertLedgerRow(db: Db, row: NewTransactionRow): Promise<void> {
  await db.insertInto('transactions').values(row).execute();
}

/** Which rows of a user a read covers: groups, and a time range (ISO, `from` ≤ at < `before`). */
export interface LedgerFilter {
  groups?: LedgerGroup[];
  from?: string;
  before?: string;
}

function rowsOf(db: Db, userId: number, { groups, from, before }: LedgerFilter) {
  return db
    .selectFrom('transactions')
    .where('user_id', '=', userId)
    .$if(Boolean(groups?.length), (qb) => qb.where('group', 'in', groups!))
    .$if(Boolean(from), (qb) => qb.where('created_at', '>=', from!))
    .$if(Boolean(before), (qb) => qb.where('created_at', '<', before!));
}

/** A page of a user's rows, newest first, with the total that match. */
export async function ledgerRowsOf(
  db: Db,
  userId: number,
  filter: LedgerFilter,
  { page, limit }: { page: number; limit: number },
): Promise<{ rows: TransactionRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    rowsOf(db, userId, filter)
      .selectAll()
      // ids follow time, except for rows written with an earlier time (imports, tests)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    rowsOf(db, userId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** The rows that name an order (its payment, refunds, bonuses), oldest first. */
export function ledgerRowsOfOrders(db: Db, orderIds: number[]): Promise<TransactionRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('transactions')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

/** Sum and count of a user's rows per group and currency. */
export async function ledgerSumsOf(
  db: Db,
  userId: number,
  filter: LedgerFilter,
): Promise<{ group: LedgerGroup; currency: string; sum: number; count: number }[]> {
  const rows = await rowsOf(db, userId, filter)
    .select((eb) => [
      'group',
      'currency',
      eb.fn.sum<number>('amount').as('sum'),
      eb.fn.countAll<number>().as('count'),
    ])
    .groupBy(['group', 'currency'])
    .execute();
  return rows.map((row) => ({
    group: row.group,
    currency: row.currency,
    sum: Number(row.sum),
    count: Number(row.count),
  }));
}

/** Refunds per UTC day and currency since `since` (the staff dashboard). */
export async function refundsByDay(
  db: Db,
  since: string,
): Promise<{ day: string; currency: string; amount: number }[]> {
  const rows = await db
    .selectFrom('transactions')
    .select([
      sql<string>`substr(${sql.ref('created_at')}, 1, 10)`.as('day'),
      'currency',
      (eb) => eb.fn.sum<number>('amount').as('amount'),
    ])
    .where('group', '=', 'refund')
    .where('created_at', '>=', since)
    .groupBy([sql`substr(${sql.ref('created_at')}, 1, 10)`, 'currency'])
    .execute();
  return rows.map((row) => ({ day: row.day, currency: row.currency, amount: Number(row.amount) }));
}
