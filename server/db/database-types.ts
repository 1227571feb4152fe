import type { AnalyticsOutboxTable, WebVitalsTable } from '../modules/analytics/analytics.table.ts';
import type { ArticlesTable, ArticleViewsTable } from '../modules/articles/articles.table.ts';
import type { AuthTokensTable, PasswordResetsTable } from '../modules/auth/auth.table.ts';
import type {
  CurrenciesTable,
  DiscountLevelsTable,
  PriceTiersTable,
  ServicesTable,
  ServiceTextsTable,
} from '../modules/catalog/catalog.table.ts';
import type { LandingCopyTable } from '../modules/content/landing-copy.table.ts';
import type {
  OrderProviderCallsTable,
  ProviderCallsTable,
  ProvidersTable,
} from '../modules/fulfilment/fulfilment.table.ts';
import type { TransactionsTable } from '../modules/ledger/ledger.table.ts';
import type { NotificationsTable } from '../modules/notifications/notifications.table.ts';
import type {
  OrderEventsTable,
  OrderIntakeTable,
  OrderRefillsTable,
  OrderSubscriptionsTable,
  OrdersTable,
} from '../modules/orders/orders.table.ts';
import type { ServiceStatsTable } from '../modules/orders/stats/service-stats.table.ts';
import type {
  PaymentGroupsTable,
  PaymentMethodsTable,
} from '../modules/payments/payment-methods.table.ts';
import type { PaymentEventsTable, PaymentsTable } from '../modules/payments/payments.table.ts';
import type { WithdrawalsTable } from '../modules/referrals/withdrawals.table.ts';
import type { ApiKeysTable } from '../modules/reseller/api-keys.table.ts';
import type {
  WebhookDeliveriesTable,
  WebhookEndpointsTable,
} from '../modules/reseller/webhooks.table.ts';
import type {
  StaffAdjustmentsTable,
  StaffAuditTable,
  StaffRecoveryCodesTable,
  StaffSessionsTable,
  StaffTotpTable,
} from '../modules/staff/staff.table.ts';
import type {
  AccountDeletionRequestsTable,
  SocialIdentitiesTable,
  UsersTable,
} from '../modules/users/users.table.ts';

/** Every table, for Kysely's types. Each module declares its own tables beside its code. */
export interface Database {
  users: UsersTable;
  social_identities: SocialIdentitiesTable;
  auth_tokens: AuthTokensTable;
  password_resets: PasswordResetsTable;
  services: ServicesTable;
  service_texts: ServiceTextsTable;
  price_tiers: PriceTiersTable;
  currencies: CurrenciesTable;
  discount_levels: DiscountLevelsTable;
  payment_groups: PaymentGroupsTable;
  payment_methods: PaymentMethodsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  transactions: TransactionsTable;
  order_intake: OrderIntakeTable;
  order_refills: OrderRefillsTable;
  order_subscriptions: OrderSubscriptionsTable;
  service_stats: ServiceStatsTable;
  staff_totp: StaffTotpTable;
  order_provider_calls: OrderProviderCallsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  staff_adjustments: StaffAdjustmentsTable;
  providers: ProvidersTable;
  provider_calls: ProviderCallsTable;
  notifications: NotificationsTable;
  account_deletion_requests: AccountDeletionRequestsTable;
  withdrawals: WithdrawalsTable;
  articles: ArticlesTable;
  landing_copy: LandingCopyTable;
  article_views: ArticleViewsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  web_vitals: WebVitalsTable;
  analytics_outbox: AnalyticsOutboxTable;
}
