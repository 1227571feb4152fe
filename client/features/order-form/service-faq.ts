import type { Locale } from '../../../shared/locales.ts';
import type { ServiceKind } from '../../../shared/platforms.ts';

/** A service page's own questions (locales/faq/), with {platform} and {service} still to fill. */
export interface ServiceFaq {
  heading: string;
  items: { q: string; a: string }[];
}

const FAQ_ITEMS_PER_KIND = 4;

export function serviceFaqOf(messages: Record<string, string>, kind: ServiceKind): ServiceFaq {
  const items = [];
  for (let n = 1; n <= FAQ_ITEMS_PER_KIND; n++) {
    const q = messages[`faq.kind.${kind}.${n}.q`];
    const a = messages[`faq.kind.${kind}.${n}.a`];
    if (q && a) items.push({ q, a });
  }
  return { heading: messages['faq.kind.heading'] ?? '', items };
}

/** In the browser: the language's questions are a chunk of their own, loaded on a service page. */
export async function loadServiceFaq(locale: Locale, kind: ServiceKind): Promise<ServiceFaq> {
  const module: { default: Record<string, string> } = await import(
    `../../../locales/faq/${locale}.json`
  );
  return serviceFaqOf(module.default, kind);
}
