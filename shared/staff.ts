import type { ServiceFigures } from './catalog.ts';
import type { OrderStatus } from './orders.ts';
import type { StaffPaymentRow, StaffPerson } from './staff-money.ts';
import type { Capability, StaffRole } from './staff-permissions.ts';

/** What the staff console's calls answer (docs/api.md "Staff console"). */

/** GET staff/me: who is signed in to the console, what they may open. */
export interface StaffMe {
  user: { id: number; login: string | null; email: string; lang: string };
  role: StaffRole;
  capabilities: Capability[];
  /** two-factor sign-in set up (else the console asks to enrol first) */
  enrolled: boolean;
  /** a staff session is open (else the console asks for a code) */
  signedIn: boolean;
  recoveryCodesLeft: number;
  /**
   * A moderator's cap on balance adjustments (docs/operations.md "What each role may do"):
   * `limit` minor units of `currency` over any rolling 24 hours, of which `used` went on
   * adjustments applied in the last 24 hours; null for a role without a cap (an admin) or
   * without balances.
   */
  adjustCap: StaffAdjustCap | null;
}

export interface StaffAdjustCap {
  limit: number;
  currency: string;
  used: number;
}

/** POST staff/totp/enrol */
export interface StaffEnrolment {
  /** otpauth://totp/… for the authenticator app */
  uri: string;
  /** the same as a QR code, SVG markup */
  qr: string;
  /** the secret in base32, for typing it in by hand */
  secret: string;
}

/** POST staff/totp/confirm: the recovery codes, shown this once. */
export interface StaffEnrolled {
  recoveryCodes: string[];
  expires_at: string;
}

/** A service's name in the console's languages (ru, en), where the catalogue has one. */
export type StaffServiceNames = Partial<Record<'ru' | 'en', string>>;

export interface StaffOrderRow {
  id: number;
  public_id: string;
  user: { id: number; login: string | null; email: string } | null;
  email: string | null;
  tag: string;
  /** its service's name beside the tag */
  service_names: StaffServiceNames;
  link: string;
  count: number;
  cost: number;
  refunded: number;
  currency: string;
  status: OrderStatus;
  provider_id: string | null;
  provider_order_id: string | null;
  start_count: number | null;
  remains: number | null;
  needs_check: boolean;
  /** rows of its own (links, runs, post orders) */
  rows: number;
  created_at: string;
  updated_at: string;
}

export interface StaffOrderDetail extends StaffOrderRow {
  children: StaffOrderRow[];
  history: { status: OrderStatus; note: string | null; created_at: string }[];
  ledger: {
    id: number;
    group: string;
    amount: number;
    currency: string;
    note: string | null;
    created_at: string;
  }[];
  /** what staff may do with it now */
  actions: {
    resend: boolean;
    cancel: boolean;
    partial: boolean;
    /** to another of its service's providers (main or fallback), while not yet taken */
    switch: boolean;
    refill: boolean;
  };
  /** what it (and its rows) asked of providers and the answers: sends, starts, ends */
  provider_calls?: {
    order_id: number;
    provider_id: string;
    action: string;
    request: unknown;
    answer: unknown;
    ok: boolean;
    created_at: string;
  }[];
}

export interface StaffUserRow {
  id: number;
  login: string | null;
  email: string;
  role: string;
  balance: number;
  cur: string;
  discount_level: number;
  /** blocked by staff: no sign-in, API key or live channel */
  blocked: boolean;
  created_at: string;
}

export interface StaffUserDetail extends StaffUserRow {
  roles: string[];
  lang: string;
  orders: StaffOrderRow[];
  ledger: StaffOrderDetail['ledger'];
  api_key: { prefix: string; created_at: string; last_used_at: string | null } | null;
  /** live customer sign-ins */
  sessions: number;
  /** the latest payments (top-ups and orders paid by card), newest first */
  payments: StaffPaymentRow[];
  /** moderators' adjustments above their cap, waiting for an admin, newest first */
  adjustments: StaffAdjustment[];
  /** who brought them, whom they brought and what that earned, in the account currency */
  referrals: {
    referrer: StaffPerson | null;
    code: string;
    referred: number;
    currency: string;
    earned: number;
    pending: number;
    withdrawn: number;
    available: number;
  };
}

export type StaffAdjustmentStatus = 'APPLIED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/**
 * A moderator's balance adjustment: APPLIED within the rolling 24-hour cap, else PENDING until
 * an admin APPROVED (then applied) or REJECTED it.
 */
export interface StaffAdjustment {
  id: number;
  user: StaffPerson | null;
  /** signed minor units of `currency` (the account's) */
  amount: number;
  currency: string;
  /** |amount| in minor units of `value_currency` (the cap's), at the stored rates */
  value: number;
  value_currency: string;
  reason: string;
  status: StaffAdjustmentStatus;
  requested_by: { id: number; login: string };
  decided_by: { id: number; login: string } | null;
  decided_at: string | null;
  created_at: string;
}

export interface StaffPage<T> {
  items: T[];
  meta: { total: number; page: number; limit: number };
}

/** One row of the audit log. */
export interface AuditView {
  id: number;
  staff: { id: number; login: string; role: string };
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string;
  created_at: string;
}

/** GET staff/dashboard: the shop today and over 30 days (UTC days, oldest first). */
export interface StaffDashboard {
  days: {
    day: string;
    /** orders paid that day */
    orders: number;
    /** their cost, minor units per currency */
    revenue: Record<string, number>;
    /** refunded that day, minor units per currency */
    refunds: Record<string, number>;
    users: number;
  }[];
  today: StaffDashboard['days'][number];
  byStatus: Record<string, number>;
  stuck: StaffOrderRow[];
  /** rows of orders (links, runs, post orders) stuck as well */
  stuckRows: number;
  /** when any order last changed: the live channel says when it moves */
  lastChange: string | null;
  /** how each service and each provider performed in the last 30 days */
  performance: StaffPerformance;
}

/** A service's figures of the last 30 days (docs/api.md) with the provider it is mapped to. */
export interface StaffServicePerformance extends ServiceFigures {
  tag: string;
  /** its name in the console's languages, as stored */
  names: StaffServiceNames;
  /** the provider it is mapped to now, null when none is */
  provider: string | null;
}

/**
 * A provider's figures: its services' weighted by their orders (each figure over the services
 * that have it), so a provider's busy services count for more than its quiet ones.
 */
export interface StaffProviderPerformance extends ServiceFigures {
  provider: string | null;
  /** its services with orders in the window */
  services: number;
}

export interface StaffPerformance {
  /** services with orders in the window, the busiest first */
  services: StaffServicePerformance[];
  providers: StaffProviderPerformance[];
}
