import { AppError } from '#server/lib/app-error.ts';
import { type Client, isAutoType, orderLimits } from '#shared/catalog.ts';
import { BALANCE_METHOD_ID } from '#shared/payment-methods.ts';
import { pricedCount } from '#shared/pricing.ts';
import { type Currency, isCurrency } from '#shared/regions.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';
import type { OrderContext } from '../order-views.ts';
import {
  checkLinks,
  commentLines,
  dripFeedOf,
  ORDER_ERRORS,
  subscriptionOf,
} from './order-checks.ts';
import type { PlacementDeps } from './order-placement-deps.ts';

/** The order as asked, checked against the service: what it is for, how many. */
export async function validated(
  { catalog, now }: Pick<PlacementDeps, 'catalog' | 'now'>,
  input: OrderInput,
  context: OrderContext,
) {
  const { user } = context;
  const staff = Boolean(user?.isStaff);
  if (input.test && !staff) throw new AppError(ORDER_ERRORS.testOnlyStaff, 403);
  const viewer = user ? { staff, level: user.discountLevel } : { staff: false, level: 1 };
  // cabinet prices and limits are for logged-in users
  const client: Client = input.client === 'CLIENT_LK' ? 'CLIENT_LK' : 'CLIENT_MAIN';
  if (client === 'CLIENT_LK' && !user) throw new AppError(ORDER_ERRORS.cabinetLogin, 401);
  const service = await catalog.service(input.tag, client, viewer, context.lang);
  if (!service.labels.includes('ENABLED') || !service.labels.includes('VISIBLE'))
    throw new AppError(ORDER_ERRORS.unavailable, 400);

  const { lines: links, refused } = checkLinks(service, input.link);
  if (refused !== null) {
    // the API's messages are English: the service is named in English too (one language)
    const english =
      context.lang === 'en' ? service : await catalog.service(input.tag, client, viewer, 'en');
    throw new AppError(
      `This is not a valid link for ${english.name}: ${refused.slice(0, 200)}`,
      400,
    );
  }
  const limits = orderLimits(service, staff);
  if (input.quantity < limits.min || input.quantity > limits.max)
    throw new AppError(`The quantity must be from ${limits.min} to ${limits.max}`, 400);
  const auto = isAutoType(service.type);
  if (auto && (input.posts === undefined || input.posts === null))
    throw new AppError(ORDER_ERRORS.posts, 400);
  // posts 0 (the cabinet's form, /api/v2 without posts) is every new post, each post order
  // paid from the balance when it is placed
  const open = auto && input.posts === 0;
  if (open && (!user || input.method !== BALANCE_METHOD_ID))
    throw new AppError(ORDER_ERRORS.openFromBalance, 400);
  // an auto order takes a range per post and is priced at its average × posts
  const most = auto ? (input.quantity_max ?? input.quantity) : input.quantity;
  if (most < input.quantity) throw new AppError(ORDER_ERRORS.autoRange, 400);
  if (most > limits.max)
    throw new AppError(`The quantity must be from ${limits.min} to ${limits.max}`, 400);
  const comments = commentLines(service, input.comments);
  if (comments && comments.length !== input.quantity)
    throw new AppError(ORDER_ERRORS.commentsCount, 400);
  const drip = dripFeedOf(service, input, links.length);
  const subscription = subscriptionOf(auto, input, now());
  // an open subscription is priced for one post: what each of its post orders costs
  const count = pricedCount({
    auto,
    quantity: input.quantity,
    most,
    posts: open ? 1 : input.posts!,
    links: links.length,
    runs: drip?.runs ?? 1,
  });

  // a user pays in their own currency; a guest names theirs and gives an e-mail
  const asked = user ? user.cur : input.currency;
  const currency: Currency | undefined = isCurrency(asked) ? asked : undefined;
  if (!currency) throw new AppError(ORDER_ERRORS.currency, 400);
  const email = user ? user.email : input.email?.trim();
  if (!email) throw new AppError(ORDER_ERRORS.email, 400);
  return {
    ...{ user, viewer, client, service, links, auto, most, comments, count, currency, email },
    drip,
    subscription,
  };
}

/** An order as asked, checked against its service. */
export type ValidatedOrder = Awaited<ReturnType<typeof validated>>;
