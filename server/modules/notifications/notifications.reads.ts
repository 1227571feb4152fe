import { HEADER_UNREAD, NOTIFICATIONS_PAGE_SIZE } from '#shared/notifications.ts';
import type { PagingQuery } from '#shared/schemas/cabinet.schemas.ts';
import type { ReadCall, ReadHandlers } from '../../http/reads.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationsService } from './notifications.service.ts';

function userIdOf({ context }: Pick<ReadCall, 'context'>): number {
  if (!context.user) throw new AppError('Log in to see your notifications', 401);
  return context.user.id;
}

/** The language to word them in: the one asked (the page's), else the request's. */
const langOf = (query: PagingQuery, { context }: ReadCall) => query.lang ?? context.visitor.locale;

/**
 * The notifications' list and the header's unread ones (docs/api.md): served over HTTP by
 * notifications.routes.ts and in process to the notifications page's loader.
 */
export function notificationsReads({ notifications }: { notifications: NotificationsService }) {
  return {
    'GET user/notifications': ({ query }, call) =>
      notifications.page(userIdOf(call), {
        page: Number(query.page ?? 1),
        limit: Number(query.limit ?? NOTIFICATIONS_PAGE_SIZE),
        lang: langOf(query, call),
      }),
    // the header's list: the newest unread (3 unless asked otherwise), with their count
    'GET user/notifications/unread': ({ query }, call) =>
      notifications.page(userIdOf(call), {
        page: Number(query.page ?? 1),
        limit: Number(query.limit ?? HEADER_UNREAD),
        unread: true,
        lang: langOf(query, call),
      }),
  } satisfies ReadHandlers;
}
