import { isAutoType, orderLimits, type ServiceType } from '#shared/catalog.ts';
import {
  echoOf,
  MASS_ERRORS,
  MAX_MASS_LINES,
  type MassLineRefused,
  type MassOrderPlaced,
  type MassService,
  massLines,
  parseMassLine,
} from '#shared/mass-orders.ts';
import { BALANCE_METHOD_ID } from '#shared/payment-methods.ts';
import type { PublicUser } from '#shared/user.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ManyLine, OrderContext, OrdersService } from '../orders/orders.service.ts';
import { createPanelCatalogue } from './panel-catalogue.ts';
import { decimal } from './panel-words.ts';

/** A mass order refused as a whole: its status, message and what the answer adds to them. */
export class MassOrderError extends AppError {
  readonly details: Record<string, unknown>;

  constructor(message: string, statusCode: number, details: Record<string, unknown>) {
    super(message, statusCode);
    this.name = 'MassOrderError';
    this.details = details;
  }
}

export type MassOrdersService = ReturnType<typeof createMassOrdersService>;

/**
 * The cabinet's mass order: one order a line, `service | link | quantity`, by
 * the numbers and at the rates of `/api/v2` (panel-catalogue.ts). Every line is checked with
 * its own error before anything is charged; then all are placed from the balance in one
 * transaction (orders' placeMany), or none.
 */
export function createMassOrdersService({
  catalog,
  orders,
}: {
  catalog: CatalogService;
  orders: OrdersService;
}) {
  const panel = createPanelCatalogue({ catalog });

  const massable = (type: ServiceType) => !isAutoType(type) && type !== 'COMMENTS';

  return {
    /** What a line may name: the services of /api/v2 but subscriptions and comments. */
    async services(user: PublicUser): Promise<MassService[]> {
      const list = (await panel.catalogue(user)).filter(({ service }) => massable(service.type));
      return Promise.all(
        list.map(async ({ service, id }) => {
          const limits = orderLimits(service, user.isStaff);
          return {
            service: id,
            name: service.name,
            platform: service.platform,
            rate: decimal(await panel.ratePer1000(user, service)),
            min: limits.min,
            max: limits.max,
          };
        }),
      );
    },

    async place(
      user: PublicUser,
      text: string,
      context: Omit<OrderContext, 'user'>,
    ): Promise<MassOrderPlaced> {
      const lines = massLines(text);
      if (!lines.length) throw new AppError(MASS_ERRORS.empty, 400);
      if (lines.length > MAX_MASS_LINES)
        throw new MassOrderError(MASS_ERRORS.tooMany, 400, {
          limit: MAX_MASS_LINES,
          count: lines.length,
        });
      const services = new Map((await panel.catalogue(user)).map((entry) => [entry.id, entry]));
      const rates = new Map<number, number>();
      const asked: ManyLine[] = [];
      for (const { text: line } of lines) {
        const parsed = parseMassLine(line);
        if ('error' in parsed) {
          asked.push({ refused: parsed.error });
          continue;
        }
        const found = services.get(parsed.service);
        // not listed by /api/v2 (several posts, disabled, hidden, unknown)
        if (!found) {
          asked.push({ refused: MASS_ERRORS.service });
          continue;
        }
        // their min, max and posts (or comments) do not fit the three fields of a line
        if (isAutoType(found.service.type)) {
          asked.push({ refused: MASS_ERRORS.subscription });
          continue;
        }
        if (found.service.type === 'COMMENTS') {
          asked.push({ refused: MASS_ERRORS.comments });
          continue;
        }
        if (!rates.has(parsed.service))
          rates.set(parsed.service, await panel.ratePer1000(user, found.service));
        asked.push({
          input: {
            tag: found.service.tag,
            link: parsed.link,
            quantity: parsed.quantity,
            client: 'CLIENT_LK',
            method: BALANCE_METHOD_ID,
          },
          ratePer1000: rates.get(parsed.service)!,
        });
      }
      const outcome = await orders.placeMany(asked, { ...context, user });
      if (outcome.kind === 'refused') {
        const refused: MassLineRefused[] = outcome.lines.map(({ index, error }) => ({
          line: lines[index]!.line,
          text: echoOf(lines[index]!.text),
          error,
        }));
        throw new MassOrderError(
          `${MASS_ERRORS.lines}. Line ${refused[0]!.line}: ${refused[0]!.error}`,
          400,
          {
            // the lines by number, as validation errors name fields
            errors: Object.fromEntries(refused.map(({ line, error }) => [String(line), error])),
            lines: refused,
          },
        );
      }
      if (outcome.kind === 'short')
        throw new MassOrderError(MASS_ERRORS.funds, 402, {
          total: decimal(outcome.total),
          currency: outcome.currency,
        });
      return {
        orders: outcome.orders.map(({ order, number }, index) => ({
          line: lines[index]!.line,
          order: number,
          public_id: order.id,
          charge: decimal(order.cost),
          currency: order.currency,
        })),
        total: decimal(outcome.total),
        currency: outcome.currency,
      };
    },
  };
}
