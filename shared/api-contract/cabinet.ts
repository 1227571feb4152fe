import type { ApiKeyView } from '../api-keys.ts';
import type { TransactionsPage, TransactionTotals } from '../ledger.ts';
import type { NotificationsPage } from '../notifications.ts';
import type { RefsPage, RefsTotal, WithdrawalsPage, WithdrawalView } from '../referrals.ts';
import {
  notificationsQuery,
  refsQuery,
  webhookBody,
  withdrawBody,
} from '../schemas/cabinet.schemas.ts';
import { totalsQuery, transactionsQuery } from '../schemas/ledger.schemas.ts';
import type { WebhookEndpointView, WebhookPage } from '../webhooks.ts';
import { checked, type Endpoints, typed } from './endpoint.ts';

/**
 * The cabinet's own data (docs/api.md): notifications,
 * the API key and status webhook, affiliate income and withdrawals, the payment history.
 */
export const CABINET_API = {
  'GET user/notifications': {
    query: checked(notificationsQuery),
    answer: typed<NotificationsPage>(),
  },
  'GET user/notifications/unread': {
    query: checked(notificationsQuery),
    answer: typed<NotificationsPage>(),
  },
  'POST user/notifications/read': { answer: typed<{ marked: number; count: 0 }>() },

  'GET user/api-key': { answer: typed<ApiKeyView | null>() },
  // a new key (or a rotation): shown this once
  'POST user/api-key': { answer: typed<{ key: string }>() },
  'DELETE user/api-key': { answer: typed<null>() },
  'GET user/webhook': { answer: typed<WebhookPage>() },
  'PUT user/webhook': {
    body: checked(webhookBody),
    answer: typed<WebhookEndpointView>(),
  },
  'DELETE user/webhook': { answer: typed<null>() },
  'POST user/webhook/secret': { answer: typed<WebhookEndpointView>() },
  // queued: the worker delivers a test event like any other
  'POST user/webhook/test': { answer: typed<null>() },

  'GET user/refs': { query: checked(refsQuery), answer: typed<RefsPage>() },
  'GET user/refs/total': { answer: typed<RefsTotal>() },
  'GET user/withdrawals': { query: checked(refsQuery), answer: typed<WithdrawalsPage>() },
  'POST user/withdrawals': {
    body: checked(withdrawBody),
    answer: typed<WithdrawalView>(),
  },

  'GET user/transactions': {
    query: checked(transactionsQuery),
    answer: typed<TransactionsPage>(),
  },
  'GET user/transactions/totals': {
    query: checked(totalsQuery),
    answer: typed<TransactionTotals>(),
  },
} satisfies Endpoints;
