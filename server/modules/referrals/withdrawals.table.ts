import type { Generated, Insertable, Selectable } from 'kysely';
import type { WithdrawalStatus } from '#shared/referrals.ts';

/** A request to pay affiliate income out: its money is held until staff decide. */
export interface WithdrawalsTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  /** minor units of `currency` (the account currency when asked) */
  amount: number;
  currency: string;
  method: string;
  details: string;
  status: WithdrawalStatus;
  note: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
}

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type NewWithdrawalRow = Insertable<WithdrawalsTable>;
