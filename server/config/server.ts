import { analytics, analyticsConfig } from './analytics.ts';
import { auth, authConfig } from './auth.ts';
import { database } from './database.ts';
import { fulfilment } from './fulfilment.ts';
import { http } from './http.ts';
import { legal } from './legal.ts';
import { mail } from './mail.ts';
import { pages } from './pages.ts';
import { payments, paymentsConfig } from './payments.ts';
import type { Values } from './reader.ts';
import { runtime } from './runtime.ts';
import { staff } from './staff.ts';

/** The server's tables, read in this order: NODE_ENV and PORT first, as later defaults follow them. */
export const SERVER_SETTINGS = {
  runtime,
  http,
  pages,
  database,
  mail,
  auth,
  payments,
  fulfilment,
  analytics,
  legal,
  staff,
};

/** The tables' values in the shape the app uses: the optional integrations null when off. */
export function assemble(values: Values<typeof SERVER_SETTINGS>) {
  return {
    ...values.runtime,
    ...values.http,
    ...values.pages,
    ...values.database,
    ...values.mail,
    ...authConfig(values.auth),
    ...paymentsConfig(values.payments),
    ...values.fulfilment,
    ...analyticsConfig(values.analytics),
    legal: values.legal,
    ...values.staff,
  };
}

/** The server's config: inferred from the tables through `assemble`, never written by hand. */
export type Config = ReturnType<typeof assemble>;
