import path from 'node:path';
import { BRAND_NAME } from '#shared/brand.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import type { Logger } from './lib/logger.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createArticlesService } from './modules/articles/articles.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import type { CatalogService } from './modules/catalog/catalog.service.ts';
import { createCrawlService } from './modules/content/crawl.service.ts';
import { createGuideService } from './modules/content/guide.service.ts';
import { createLandingCopy } from './modules/content/landing-copy.service.ts';
import { createLegalService } from './modules/content/legal.service.ts';
import type { providerRegistry } from './modules/fulfilment/providers.ts';
import { createProvidersAdmin } from './modules/fulfilment/providers-admin.service.ts';
import type { createOrdersService } from './modules/orders/orders.service.ts';
import type { PaymentsService } from './modules/payments/payments.service.ts';
import type { createIncomeService } from './modules/referrals/income.service.ts';
import type { createApiKeysService } from './modules/reseller/api-keys.service.ts';
import { createAudit } from './modules/staff/audit.service.ts';
import { createStaffAuth } from './modules/staff/auth/staff-auth.service.ts';
import { createStaffDashboard } from './modules/staff/dashboard/staff-dashboard.service.ts';
import { createStaffAdjustments } from './modules/staff/sections/staff-adjustments.service.ts';
import { createStaffCatalogue } from './modules/staff/sections/staff-catalogue.service.ts';
import { createStaffUsers } from './modules/staff/sections/staff-users.service.ts';

/** Parts of the composition root (server/services.ts): accounts, content and the staff console. */

/** What every part of the composition root is made with. */
export interface Root {
  config: Config;
  logger: Logger;
  db: Db;
  mailer: Mailer;
}

/** Sign-in: the staff console's own two-factor sign-in and its audit log, and the buyers'. */
export function buildAccounts({ config, db, mailer }: Omit<Root, 'logger'>) {
  // SECRETS_KEY seals staff two-factor secrets and providers' API keys
  const secrets = createSecretBox(config.secretsKey);
  // the staff console: its own two-factor sign-in and the audit log
  const audit = createAudit({ db });
  const staffAuth = createStaffAuth({
    db,
    box: secrets,
    audit,
    sessionMs: config.staffSessionMs,
  });
  // a password changed or reset, or a deletion asked, ends the account's staff sessions too
  const auth = createAuthService({
    db,
    mailer,
    publicUrl: config.publicUrl,
    onCredentialsChanged: staffAuth.signOutEverywhere,
  });
  return { secrets, audit, staffAuth, auth };
}

/** The legal texts, the blog, the sitemap, the API guide and the landings' copy. */
export function buildContent({
  config,
  db,
  catalog,
  guideServices,
}: Pick<Root, 'config' | 'db'> & {
  catalog: CatalogService;
  guideServices: Parameters<typeof createGuideService>[0]['facts']['services'];
}) {
  const legal = createLegalService({
    dir: path.join(config.contentDir, 'legal'),
    details: {
      operator_name: config.legal.operatorName,
      operator_address: config.legal.operatorAddress,
      operator_registration: config.legal.operatorRegistration,
      operator_tax_id: config.legal.operatorTaxId,
      operator_jurisdiction: config.legal.operatorJurisdiction,
      contact_email: config.legal.contactEmail,
      privacy_email: config.legal.privacyEmail,
      site_url: config.publicUrl,
      brand: BRAND_NAME,
    },
  });
  const articles = createArticlesService({ db, dir: path.join(config.contentDir, 'articles') });
  const crawl = createCrawlService({
    publicUrl: config.publicUrl,
    articles,
    hiddenServicePages: () => catalog.hiddenServicePages(),
  });
  // the reseller API guide's examples: this shop's address and services (the panel's, below)
  const guide = createGuideService({
    dir: path.join(config.contentDir, 'api-guide'),
    facts: {
      apiUrl: `${config.publicUrl}/api/v2`,
      services: guideServices,
    },
  });
  // the landings' own texts with staff's edits over them (the console's landing copy)
  const landingCopy = createLandingCopy({ db });
  return { legal, articles, crawl, guide, landingCopy };
}

/** The staff console's dashboard, adjustments, users and catalogue. */
export function buildStaff({
  config,
  db,
  logger,
  catalog,
  secrets,
  providerOf,
  orders,
  payments,
  income,
  apiKeys,
  auth,
  staffAuth,
  audit,
}: Omit<Root, 'mailer'> & {
  catalog: CatalogService;
  secrets: ReturnType<typeof createSecretBox>;
  providerOf: ReturnType<typeof providerRegistry>;
  orders: ReturnType<typeof createOrdersService>;
  payments: PaymentsService;
  income: ReturnType<typeof createIncomeService>;
  apiKeys: ReturnType<typeof createApiKeysService>;
  auth: ReturnType<typeof createAuthService>;
  staffAuth: ReturnType<typeof createStaffAuth>;
  audit: ReturnType<typeof createAudit>;
}) {
  const staffDashboard = createStaffDashboard({
    db,
    orders,
    catalog,
    quietMs: config.staffQuietMs,
  });
  // balance adjustments: a moderator's within a rolling 24-hour cap, above it an admin's call
  const staffAdjustments = createStaffAdjustments({
    db,
    audit,
    convert: catalog.convert,
    limit: config.moderatorAdjustLimit,
    currency: config.moderatorAdjustCurrency,
  });
  const staffUsers = createStaffUsers({
    db,
    orders,
    payments,
    income,
    apiKeys,
    auth,
    staffAuth,
    audit,
    adjustments: staffAdjustments,
  });
  // the console's catalogue, prices, import and providers
  const staffCatalogue = createStaffCatalogue({
    catalog,
    providers: createProvidersAdmin({ db, box: secrets, registry: providerOf, logger }),
    audit,
  });
  return { staffDashboard, staffAdjustments, staffUsers, staffCatalogue };
}
