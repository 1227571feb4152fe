import { AppError } from '#server/lib/app-error.ts';
import {
  isDripFeedable,
  isMultiTag,
  MAX_LINKS,
  orderLines,
  type ServiceView,
} from '#shared/catalog.ts';
import { checkLink, type LinkKind } from '#shared/link-rules.ts';
import type { Platform } from '#shared/platforms.ts';
import type { OrderInput } from '#shared/schemas/orders.schemas.ts';

/** An order's checks against its service (docs/product.md §12), before it is priced (order-placement.ts). */

export const ORDER_ERRORS = {
  unavailable: 'The service is temporary unavailable',
  email: 'Please enter your email',
  currency: 'Unknown currency: use RUB, USD or EUR',
  method: 'This payment method is not available for this order',
  methodMin: 'The amount is below the minimum of this payment method',
  methodMax: 'The amount is above the maximum of this payment method',
  balance: 'Log in and top up your balance to pay from it',
  agreement: 'Must check the box',
  posts: 'Auto orders need the number of posts',
  tooManyLinks: `Up to ${MAX_LINKS} links in one order`,
  testOnlyStaff: 'Only staff may place test orders',
  cabinetLogin: 'Log in to order at cabinet prices',
  autoRange: 'The most per post cannot be less than the least',
  commentsOnly: 'Only comment services take comments',
  commentsCount: 'The quantity is the number of comments: one comment a line',
  // the panels' own words
  dripFeed: 'This service does not support drip-feed',
  dripFeedInterval: 'A drip-feed order needs runs and an interval',
  delay: 'This service does not support delay',
  expiry: 'This service does not support expiry',
  expiryPast: 'The expiry cannot be in the past',
  oldPosts: 'This service does not support old posts',
  openFromBalance: 'A subscription for every new post is paid from the balance, post by post',
} as const;

/** A comments order's own comments: one a line, blank lines dropped, each up to 1 000 characters. */
export function commentLines(
  service: ServiceView,
  comments: string | null | undefined,
): string[] | null {
  if (comments === undefined || comments === null) return null;
  if (service.type !== 'COMMENTS') throw new AppError(ORDER_ERRORS.commentsOnly, 400);
  const lines = orderLines(comments);
  if (lines.some((line) => line.length > 1_000))
    throw new AppError('A comment is up to 1 000 characters', 400);
  return lines;
}

/** A drip-feed's runs and interval (minutes), when asked for and offered; null otherwise. */
export function dripFeedOf(service: ServiceView, input: OrderInput, links: number) {
  if (input.runs == null && input.interval == null) return null;
  if (!isDripFeedable(service) || links > 1) throw new AppError(ORDER_ERRORS.dripFeed, 400);
  if (input.runs == null || input.interval == null)
    throw new AppError(ORDER_ERRORS.dripFeedInterval, 400);
  return { runs: input.runs, interval: input.interval };
}

/**
 * An auto order's delay and last day (the end of that UTC day), and whether it covers every new
 * post (`posts` 0: nothing paid in advance, each post order paid when placed); other orders
 * take none of them.
 */
export function subscriptionOf(auto: boolean, input: OrderInput, now: Date) {
  if (!auto) {
    if (input.delay) throw new AppError(ORDER_ERRORS.delay, 400);
    if (input.expiry) throw new AppError(ORDER_ERRORS.expiry, 400);
    if (input.old_posts) throw new AppError(ORDER_ERRORS.oldPosts, 400);
    return null;
  }
  const expiry = input.expiry ? `${input.expiry}T23:59:59.999Z` : null;
  if (expiry && expiry < now.toISOString()) throw new AppError(ORDER_ERRORS.expiryPast, 400);
  const open = input.posts === 0;
  // old posts count towards the posts paid for; an open subscription pays each as it goes
  const oldPosts = open ? (input.old_posts ?? 0) : Math.min(input.old_posts ?? 0, input.posts ?? 0);
  return { delay: input.delay ?? 0, expiry, oldPosts, open };
}

/**
 * The order's links, one per line for a `_MULTI` service, each checked against docs/product.md §12; the
 * first that does not fit the service is `refused` (the caller names the service in its error).
 */
export function checkLinks(
  service: ServiceView,
  link: string,
): { lines: string[]; refused: string | null } {
  const lines = isMultiTag(service.tag) ? orderLines(link) : [link.trim()];
  if (!lines.length || !lines[0]) throw new AppError('Enter the login or link', 400);
  if (lines.length > MAX_LINKS) throw new AppError(ORDER_ERRORS.tooManyLinks, 400);
  if (service.platform === 'fake' || !service.link_kinds.length) return { lines, refused: null };
  const kinds = service.link_kinds as LinkKind[];
  const refused = lines.find((line) => !checkLink(service.platform as Platform, kinds, line).ok);
  return { lines, refused: refused ?? null };
}
