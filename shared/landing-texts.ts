import type { Platform, ServiceKind } from './platforms.ts';
import { servicePagesOf } from './service-pages.ts';

/** A service page's own questions, with {platform} and {service} still to fill. */
export interface ServiceFaq {
  heading: string;
  items: { q: string; a: string }[];
}

/**
 * A landing's own texts (locales/landing/, with staff's edits over them), apart from the
 * interface messages so that a page carries only its own, in its loader data: a platform
 * landing's hero and meta and its services' short lines; a service page's title, short line
 * and questions. Plain texts (no ICU arguments).
 */
export interface LandingTexts {
  texts: Record<string, string>;
  faq?: ServiceFaq;
}

/** Which landing: a platform's, or one service's page (its id and kind). */
export interface LandingOf {
  platform: Platform;
  service?: { id: string; kind: ServiceKind };
}

const FAQ_ITEMS_PER_KIND = 4;

/**
 * A kind's questions, answered for all its platforms, or for one platform whose answer differs
 * (`faq.youtube.likes.1.a`: YouTube's start time is its own, and its page says only that one).
 */
function serviceFaqOf(
  messages: Record<string, string>,
  platform: Platform,
  kind: ServiceKind,
): ServiceFaq {
  const items = [];
  for (let n = 1; n <= FAQ_ITEMS_PER_KIND; n++) {
    const q = messages[`faq.kind.${kind}.${n}.q`];
    const a = messages[`faq.${platform}.${kind}.${n}.a`] ?? messages[`faq.kind.${kind}.${n}.a`];
    if (q && a) items.push({ q, a });
  }
  return { heading: messages['faq.kind.heading'] ?? '', items };
}

/** A page's texts out of a language's landing texts. */
export function landingTextsOf(messages: Record<string, string>, page: LandingOf): LandingTexts {
  const { platform, service } = page;
  const keys = service
    ? [`service.${service.id}.title`, `service.${service.id}.short`]
    : [
        ...['title', 'lead', 'metaTitle', 'metaDescription'].map(
          (text) => `landing.${platform}.${text}`,
        ),
        ...servicePagesOf(platform).map((entry) => `service.${entry.id}.short`),
      ];
  const texts = Object.fromEntries(keys.map((key) => [key, messages[key] ?? '']));
  return service ? { texts, faq: serviceFaqOf(messages, platform, service.kind) } : { texts };
}
