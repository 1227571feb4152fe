import type { ReadHandlers } from '#server/http/reads.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { ArticlesService } from '../../articles/articles.service.ts';
import type { LandingCopyService } from '../../content/landing-copy.service.ts';
import type { StaffAuth } from '../auth/staff-auth.service.ts';
import { staffActorFor } from '../staff-access.ts';

/** An article's key from the path, or a 404. */
export function keyOf(raw: unknown): string {
  const key = String(raw ?? '');
  if (!/^[a-z0-9-]{1,64}$/.test(key)) throw new AppError('Article not found', 404);
  return key;
}

/**
 * The content section's reads (capability `content`): every article in every language, one
 * article, the landings' texts of a language with staff's edits. Served over HTTP by
 * staff-content.routes.ts and in process to the staff pages' loader; each asks the gate.
 */
export function staffContentReads({
  staffAuth,
  articles,
  landingCopy,
}: {
  staffAuth: StaffAuth;
  articles: ArticlesService;
  landingCopy: LandingCopyService;
}) {
  return {
    'GET staff/articles': async (_input, call) => {
      await staffActorFor(staffAuth, 'content', call);
      return articles.staff.list();
    },
    'GET staff/articles/:key': async ({ params }, call) => {
      await staffActorFor(staffAuth, 'content', call);
      return articles.staff.get(keyOf(params.key));
    },
    'GET staff/landing-copy': async ({ query }, call) => {
      await staffActorFor(staffAuth, 'content', call);
      return landingCopy.staff.list(query.lang);
    },
  } satisfies ReadHandlers;
}
