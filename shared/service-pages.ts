import type { Locale } from './locales.ts';
import type { Platform, ServiceKind } from './platforms.ts';

/**
 * One landing per service and platform (docs/product.md §2 Pages). Slugs follow the same
 * section: Russian under /uslugi/, every other language a native buy-phrase under its prefix.
 */
export interface ServicePage {
  id: string;
  platform: Platform;
  kind: ServiceKind;
  slugs: Record<Locale, string>;
}

type Row = [
  Platform,
  ServiceKind,
  ru: string,
  en: string,
  de: string,
  es: string,
  it: string,
  pt: string,
  tr: string,
];

// biome-ignore format: one row a page reads best as a table
const ROWS: Row[] = [
  ['instagram', 'likes', 'lajki-v-instagram', 'buy-instagram-likes', 'kaufen-instagram-likes', 'comprar-likes-instagram', 'acquistare-likes-instagram', 'comprar-curtidas-instagram', 'instagram-begeni-satin-al'],
  ['instagram', 'followers', 'podpischiki-v-instagram', 'buy-instagram-followers', 'kaufen-instagram-follower', 'comprar-seguidores-instagram', 'acquistare-follower-instagram', 'comprar-seguidores-instagram', 'instagram-takipci-satin-al'],
  ['instagram', 'views', 'prosmotry-v-instagram', 'buy-instagram-views', 'kaufen-instagram-aufrufe', 'comprar-reproducciones-instagram', 'acquistare-visualizzazioni-instagram', 'comprar-views-instagram', 'instagram-izlenme-satin-al'],
  ['instagram', 'auto-likes', 'avtolajki-v-instagram', 'buy-instagram-auto-likes', 'kaufen-autolikes-in-instagram', 'comprar-auto-likes-instagram', 'acquistare-autolikes-instagram', 'comprar-curtidas-automaticas-instagram', 'instagram-otomatik-begeni'],
  ['instagram', 'auto-views', 'avtoprosmotry-v-instagram', 'buy-instagram-auto-views', 'kaufen-auto-ansichten-in-instagram', 'comprar-auto-reproducciones-instagram', 'acquistare-visualizzazioni-automatiche-instagram', 'comprar-automatic-views-instagram', 'instagram-oto-video-goruntuleme'],
  ['instagram', 'story-views', 'istorii-v-instagram', 'buy-instagram-story-views', 'kaufen-ansichten-von-instagram-stories', 'comprar-reproducciones-para-stories-instagram', 'acquistare-visualizzazioni-di-stories-instagram', 'comprar-visualizacoes-story-instagram', 'instagram-hikaye-izlenme-satin-al'],
  ['instagram', 'reels-views', 'prosmotry-reels-v-instagram', 'buy-instagram-reels-views', 'kaufen-instagram-reels-aufrufe', 'comprar-reproducciones-reels-instagram', 'acquistare-visualizzazioni-reels-instagram', 'comprar-views-reels-instagram', 'instagram-reels-izlenme-satin-al'],
  ['instagram', 'comments', 'kommentarii-v-instagram', 'buy-instagram-comments', 'kaufen-instagram-kommentare', 'comprar-comentarios-instagram', 'acquistare-commenti-instagram', 'comprar-comentarios-instagram', 'instagram-yorum-satin-al'],
  ['tiktok', 'likes', 'lajki-v-tiktok', 'buy-tiktok-likes', 'kaufen-likes-in-tiktok', 'comprar-likes-tiktok', 'acquistare-likes-tiktok', 'comprar-curtidas-tiktok', 'tiktok-begeni-satin-al'],
  ['tiktok', 'followers', 'podpischiki-v-tiktok', 'buy-tiktok-followers', 'kaufen-follower-in-tiktok', 'comprar-seguidores-tiktok', 'acquistare-followers-tiktok', 'comprar-seguidores-tiktok', 'tiktok-takipci-satin-al'],
  ['tiktok', 'views', 'prosmotry-v-tiktok', 'buy-tiktok-views', 'kaufen-tiktok-aufrufe', 'comprar-reproducciones-tiktok', 'acquistare-visualizzazioni-tiktok', 'comprar-views-tiktok', 'tiktok-izlenme-satin-al'],
  ['tiktok', 'auto-likes', 'avtolajki-v-tiktok', 'buy-tiktok-auto-likes', 'kaufen-autolikes-in-tiktok', 'comprar-auto-likes-tiktok', 'acquistare-autolikes-tiktok', 'comprar-curtidas-automaticas-tiktok', 'tiktok-otomatik-begeni'],
  ['tiktok', 'auto-views', 'avtoprosmotry-v-tiktok', 'buy-tiktok-auto-views', 'kaufen-auto-ansichten-in-tiktok', 'comprar-auto-reproducciones-tiktok', 'acquistare-visualizzazioni-automatiche-tiktok', 'comprar-automatic-views-tiktok', 'tiktok-oto-video-izlenme'],
  ['tiktok', 'reposts', 'reposty-v-tiktok', 'buy-tiktok-shares', 'kaufen-umbuchen-in-tiktok', 'comprar-reposts-tiktok', 'acquistare-condivisioni-tiktok', 'comprar-reposts-tiktok', 'tiktok-repost-satin-al'],
  ['tiktok', 'comments', 'kommentarii-v-tiktok', 'buy-tiktok-comments', 'kaufen-kommentare-in-tiktok', 'comprar-comentarios-tiktok', 'acquistare-commenti-tiktok', 'comprar-comentarios-tiktok', 'tiktok-yorum-satin-al'],
  ['youtube', 'likes', 'lajki-v-youtube', 'buy-youtube-likes', 'kaufen-likes-in-youtube', 'comprar-likes-youtube', 'acquistare-likes-youtube', 'comprar-curtidas-youtube', 'youtube-begeni-satin-al'],
  ['youtube', 'followers', 'podpischiki-v-youtube', 'buy-youtube-followers', 'kaufen-abonnenten-in-youtube', 'comprar-seguidores-youtube', 'acquistare-followers-youtube', 'comprar-seguidores-youtube', 'youtube-takipci-satin-al'],
  ['youtube', 'views', 'prosmotry-v-youtube', 'buy-youtube-views', 'kaufen-youtube-aufrufe', 'comprar-reproducciones-youtube', 'acquistare-visualizzazioni-youtube', 'comprar-views-youtube', 'youtube-izlenme-satin-al'],
  ['vk', 'likes', 'lajki-v-vkontakte', 'buy-vk-likes', 'kaufen-likes-in-vkontakte', 'comprar-likes-vkontakte', 'acquistare-likes-vkontakte', 'comprar-curtidas-vkontakte', 'vk-begeni-satin-al'],
  ['vk', 'followers', 'podpischiki-v-vkontakte', 'buy-vk-followers', 'kaufen-abonnenten-in-vkontakte', 'comprar-seguidores-vkontakte', 'acquistare-followers-vkontakte', 'comprar-seguidores-vkontakte', 'vk-takipci-satin-al'],
  ['vk', 'friends', 'druzya-v-vkontakte', 'buy-vk-friends', 'kaufen-freunde-in-vkontakte', 'comprar-amigos-vkontakte', 'acquistare-amici-vkontakte', 'comprar-amigos-vkontakte', 'vk-friends-satin-al'],
  ['vk', 'comments', 'kommentarii-v-vkontakte', 'buy-vk-comments', 'kaufen-kommentare-in-vkontakte', 'comprar-comentarios-vkontakte', 'acquistare-commenti-vkontakte', 'comprar-comentarios-vkontakte', 'vk-yorum-satin-al'],
  ['vk', 'auto-likes', 'avtolajki-v-vkontakte', 'buy-vk-auto-likes', 'kaufen-autolikes-in-vkontakte', 'comprar-auto-likes-vkontakte', 'acquistare-autolikes-vkontakte', 'comprar-curtidas-automaticas-vkontakte', 'vk-otomatik-begeni'],
  ['vk', 'reposts', 'reposty-v-vkontakte', 'buy-vk-reposts', 'kaufen-umbuchen-in-vkontakte', 'comprar-reposts-vkontakte', 'acquistare-condivisioni-vkontakte', 'comprar-reposts-vkontakte', 'vk-repost-satin-al'],
  ['vk', 'views', 'prosmotry-v-vkontakte', 'buy-vk-views', 'kaufen-aufrufe-in-vkontakte', 'comprar-reproducciones-vkontakte', 'acquistare-visualizzazioni-vkontakte', 'comprar-views-vkontakte', 'vk-izlenme-satin-al'],
  ['telegram', 'followers', 'podpischiki-v-telegram', 'buy-telegram-subscribers', 'kaufen-abonnenten-in-telegram', 'comprar-suscriptores-telegram', 'acquistare-iscritti-telegram', 'comprar-inscritos-telegram', 'telegram-uye-satin-al'],
  ['telegram', 'views', 'prosmotry-v-telegram', 'buy-telegram-views', 'kaufen-telegram-aufrufe', 'comprar-reproducciones-telegram', 'acquistare-visualizzazioni-telegram', 'comprar-views-telegram', 'telegram-izlenme-satin-al'],
  ['telegram', 'story-views', 'prosmotry-istorij-v-telegram', 'buy-telegram-story-views', 'kaufen-ansichten-von-telegram-stories', 'comprar-reproducciones-para-stories-telegram', 'acquistare-visualizzazioni-di-stories-telegram', 'comprar-visualizacoes-story-telegram', 'telegram-hikaye-izlenme-satin-al'],
  ['telegram', 'reactions', 'reakcii-v-telegram', 'buy-telegram-reactions', 'kaufen-telegram-reaktionen', 'comprar-reacciones-telegram', 'acquistare-reazioni-telegram', 'comprar-reacoes-telegram', 'telegram-tepki-satin-al'],
  ['threads', 'followers', 'podpischiki-v-threads', 'buy-threads-followers', 'kaufen-threads-follower', 'comprar-seguidores-threads', 'acquistare-follower-threads', 'comprar-seguidores-threads', 'threads-takipci-satin-al'],
  ['threads', 'likes', 'lajki-v-threads', 'buy-threads-likes', 'kaufen-threads-likes', 'comprar-likes-threads', 'acquistare-likes-threads', 'comprar-curtidas-threads', 'threads-begeni-satin-al'],
  ['threads', 'reposts', 'reposty-v-threads', 'buy-threads-reposts', 'kaufen-threads-reposts', 'comprar-reposts-threads', 'acquistare-repost-threads', 'comprar-reposts-threads', 'threads-repost-satin-al'],
];

export const SERVICE_PAGES: ServicePage[] = ROWS.map(
  ([platform, kind, ru, en, de, es, it, pt, tr]) => ({
    id: `${platform}-${kind}`,
    platform,
    kind,
    slugs: { ru, en, de, es, it, pt, tr },
  }),
);

export function servicePagesOf(platform: Platform): ServicePage[] {
  return SERVICE_PAGES.filter((page) => page.platform === platform);
}

/**
 * The platform's service pages the storefront links to: those whose service it sells now
 * (`hidden`: the pages staff hid or disabled every service of, the visitor state's
 * `hiddenServicePages`).
 */
export function shownServicePagesOf(platform: Platform, hidden: readonly string[]): ServicePage[] {
  return servicePagesOf(platform).filter((page) => !hidden.includes(page.id));
}

/** The labels a service needs for its page to be shown: sold on the storefront, and on view. */
export const SHOWN_SERVICE_LABELS = ['CLIENT_MAIN', 'VISIBLE'] as const;
