/**
 * Short links: TikTok's and YouTube's share links and the common link shorteners. A buyer's
 * link on one of them is followed to where it leads (POST unshorten) before the order form
 * checks it, so that a profile shared as vm.tiktok.com/… passes as the profile it is. Apart
 * from link-rules.ts and on its own: only the order form's saga (loaded after the page) needs
 * it, and a module the saga shared with the page's rules would be a file of its own on every
 * first visit.
 */
const SHORT_LINK_HOSTS = new Set([
  // the platforms' own share links (link-rules.ts takes TikTok's and YouTube's as they are)
  'vm.tiktok.com',
  'vt.tiktok.com',
  'youtu.be',
  'bit.ly',
  't.co',
  'goo.gl',
  'tinyurl.com',
  'is.gd',
  'ow.ly',
  'buff.ly',
  'cutt.ly',
  'rebrand.ly',
  'rb.gy',
  't.ly',
  'tiny.cc',
  'shorturl.at',
  's.id',
  'clck.ru',
  'vk.cc',
]);

// as link-rules.ts reads a link: no whitespace, control or unsafe characters, no userinfo or port
const UNSAFE = /[\s\p{Cc}<>"'`\\{}|^]/u;
const HTTP_SCHEME = /^(https?):\/\//i;
const ANY_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;

/** The address to follow when `line` is a short link (https when typed without a scheme). */
export function shortLinkOf(line: string): string | null {
  const text = line.trim();
  if (text === '' || text.length > 2048 || UNSAFE.test(text)) return null;
  const scheme = HTTP_SCHEME.exec(text);
  if (!scheme && ANY_SCHEME.test(text)) return null;
  const rest = scheme ? text.slice(scheme[0].length) : text;
  const end = rest.search(/[/?#]/);
  if (end <= 0 || rest[end] !== '/') return null;
  const authority = rest.slice(0, end).toLowerCase();
  if (!HOST.test(authority)) return null;
  const host = authority.replace(/^(?:www|m|mobile)\./, '');
  const path = rest.slice(end).split(/[?#]/)[0]!.split('/').filter(Boolean);
  const short =
    (SHORT_LINK_HOSTS.has(host) && path.length > 0) ||
    (host === 'tiktok.com' && path.length === 2 && path[0] === 't');
  return short
    ? `${scheme ? scheme[1]!.toLowerCase() : 'https'}://${authority}${rest.slice(end)}`
    : null;
}
