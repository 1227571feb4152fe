import { type LandingOf, type LandingTexts, landingTextsOf } from '#shared/landing-texts.ts';
import { LOCALES, type Locale } from '#shared/locales.ts';
import type { StaffLandingCopy } from '#shared/staff-content.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import {
  allLandingCopy,
  deleteLandingCopy,
  landingCopyOf,
  putLandingCopy,
} from './landing-copy.repository.ts';
import type { LandingCopyTable } from './landing-copy.table.ts';
import { LANDING_MESSAGES } from './landing-messages.ts';

export const LANDING_COPY_ERRORS = {
  key: 'No landing text has this key',
} as const;

/** The audit row of a staff change, written by the change's own transaction. */
export type LandingCopyNote = (
  trx: Db,
  entry: { action: string; target: string; before: unknown; after: unknown },
) => Promise<void>;

export type LandingCopyService = ReturnType<typeof createLandingCopy>;

/**
 * The landings' own texts (shared/landing-texts.ts): what the code ships in locales/landing/,
 * with staff's edits over it (the console's landing copy, capability `content`). The edits
 * are read once per `ttlMs` per process and dropped at once by this process's writes, as the
 * catalogue's snapshot is; other instances show an edit within `ttlMs`.
 */
export function createLandingCopy({
  db,
  ttlMs = 60_000,
  now = () => new Date(),
}: {
  db: Db;
  ttlMs?: number;
  now?: () => Date;
}) {
  const edits = ttlCache(async () => {
    const byLang = new Map<string, LandingCopyTable[]>();
    for (const row of await allLandingCopy(db))
      byLang.set(row.lang, [...(byLang.get(row.lang) ?? []), row]);
    const merged = new Map<Locale, Record<string, string>>();
    for (const lang of LOCALES) {
      const own = byLang.get(lang) ?? [];
      merged.set(lang, {
        ...LANDING_MESSAGES[lang],
        ...Object.fromEntries(own.map((row) => [row.key, row.text])),
      });
    }
    return { merged, byLang };
  }, ttlMs);

  const known = (key: string) => key in LANDING_MESSAGES.en;

  async function list(lang: Locale): Promise<StaffLandingCopy> {
    const own = new Map(((await edits.get()).byLang.get(lang) ?? []).map((row) => [row.key, row]));
    return {
      lang,
      items: Object.entries(LANDING_MESSAGES[lang]).map(([key, text]) => {
        const edit = own.get(key);
        return {
          key,
          default: text,
          text: edit?.text ?? null,
          updated_at: edit?.updated_at ?? null,
          updated_by: edit?.updated_by ?? null,
        };
      }),
    };
  }

  return {
    /** A page's texts in a language, staff's edits included. */
    async page(lang: Locale, page: LandingOf): Promise<LandingTexts> {
      return landingTextsOf((await edits.get()).merged.get(lang)!, page);
    },

    staff: {
      list,

      /** Staff's text for a key (null: back to the shipped one), with its audit row. */
      async set(
        input: { lang: Locale; key: string; text: string | null },
        by: string,
        note: LandingCopyNote,
      ): Promise<StaffLandingCopy> {
        const { lang, key } = input;
        if (!known(key)) throw new AppError(LANDING_COPY_ERRORS.key, 400);
        const text = input.text?.trim() ?? null;
        await db.transaction().execute(async (trx) => {
          const before = await landingCopyOf(trx, lang, key);
          if (text === null || text === LANDING_MESSAGES[lang][key])
            await deleteLandingCopy(trx, lang, key);
          else
            await putLandingCopy(trx, {
              lang,
              key,
              text,
              updated_at: now().toISOString(),
              updated_by: by,
            });
          await note(trx, {
            action: 'landing.copy',
            target: `landing:${lang}:${key}`,
            before: { text: before?.text ?? LANDING_MESSAGES[lang][key] },
            after: { text: text ?? LANDING_MESSAGES[lang][key] },
          });
        });
        edits.drop();
        return list(lang);
      },
    },
  };
}
