import type { Mailer } from '#server/integrations/mail/mailer.ts';
import { receiptMail } from '#server/integrations/mail/templates.ts';
import { formatCount, formatMoney } from '#server/lib/i18n.ts';
import type { Logger } from '#server/lib/logger.ts';
import { DEFAULT_LOCALE, isLocale } from '#shared/locales.ts';
import { pagePath } from '#shared/routes.ts';
import type { CatalogService } from '../../catalog/catalog.service.ts';
import type { OrderRow } from '../orders.table.ts';

/** The receipt mail of a paid order (placement, a settled payment, a mass order's lines). */
export function receiptSender({
  catalog,
  mailer,
  publicUrl,
  logger,
}: {
  catalog: CatalogService;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}) {
  /** The receipt of a paid order, with its follow link; a failed mail is logged, not fatal. */
  return async function sendReceipt(order: OrderRow): Promise<void> {
    if (!order.email || order.parent_id !== null) return;
    const lang = isLocale(order.lang) ? order.lang : DEFAULT_LOCALE;
    try {
      const service = await catalog.service(
        order.tag,
        'CLIENT_MAIN',
        { staff: true, level: 1 },
        lang,
      );
      await mailer.send(
        receiptMail({
          to: order.email,
          locale: lang,
          link: `${publicUrl}${pagePath('thanks', lang)}?order=${order.public_id}`,
          service: service.name,
          quantity: formatCount(lang, order.count),
          price: formatMoney(lang, Number(order.cost), order.currency),
        }),
      );
    } catch (error) {
      logger.error({ err: error, order: order.public_id }, 'receipt mail failed');
    }
  };
}
