import type { Db } from '#server/db/database.ts';
import type { Mailer } from '#server/integrations/mail/mailer.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { PaymentMethodsService } from '../../payments/payment-methods.service.ts';
import type { PaymentsService } from '../../payments/payments.service.ts';
import type { OrderLifecycle } from '../lifecycle/order-lifecycle.ts';

/** What placing an order is made with (each step takes the part it needs). */
export interface PlacementDeps {
  db: Db;
  catalog: CatalogService;
  paymentMethods: PaymentMethodsService;
  payments: PaymentsService;
  lifecycle: OrderLifecycle;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}
