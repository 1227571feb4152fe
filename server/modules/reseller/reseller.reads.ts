import { MASS_ERRORS } from '#shared/mass-orders.ts';
import type { ReadCall, ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApiKeysService } from './api-keys.service.ts';
import type { MassOrdersService } from './mass-orders.service.ts';
import type { WebhooksService } from './webhooks.service.ts';

const userIdOf = ({ context }: ReadCall, message: string): number => {
  if (!context.user) throw new AppError(message, 401);
  return context.user.id;
};

/** `/cp/api/`: the API key's facts (api-keys.routes.ts). */
export const apiKeyReads = ({ apiKeys }: { apiKeys: ApiKeysService }) =>
  ({
    'GET user/api-key': (_input, call) =>
      apiKeys.view(userIdOf(call, 'Log in to manage your API key')),
  }) satisfies ReadHandlers;

/** `/cp/api/`: the webhook and its log (webhooks.routes.ts). */
export const webhookReads = ({ webhooks }: { webhooks: WebhooksService }) =>
  ({
    'GET user/webhook': async (_input, call) => {
      const id = userIdOf(call, 'Log in to manage your webhook');
      const [endpoint, deliveries] = await Promise.all([
        webhooks.endpoint(id),
        webhooks.deliveries(id),
      ]);
      return { endpoint, deliveries };
    },
  }) satisfies ReadHandlers;

/** `/cp/mass/`: the services a line may name, by number, with their rates and limits. */
export const massOrderReads = ({ massOrders }: { massOrders: MassOrdersService }) =>
  ({
    'GET c_orders/mass/services': (_input, { context }) => {
      if (!context.user) throw new AppError(MASS_ERRORS.login, 401);
      return massOrders.services(context.user);
    },
  }) satisfies ReadHandlers;

/**
 * The reseller's reads (docs/api.md), each served over HTTP by its own router and, joined
 * here, in process to the cabinet pages' loaders (server/page-reads.ts).
 */
export const resellerReads = (services: {
  apiKeys: ApiKeysService;
  webhooks: WebhooksService;
  massOrders: MassOrdersService;
}) => ({
  ...apiKeyReads(services),
  ...webhookReads(services),
  ...massOrderReads(services),
});
