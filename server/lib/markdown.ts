import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { isLocale } from '#shared/locales.ts';

/** A heading of a rendered document, for its table of contents. */
export interface DocHeading {
  id: string;
  text: string;
  depth: number;
}

export interface Rendered {
  html: string;
  headings: DocHeading[];
}

/** `key: value` lines between `---` fences at the top, and the text after them. */
export function frontMatter(source: string): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}

/** An anchor from heading text, in any script: "1. Предмет договора" → "1-предмет-договора". */
export function anchorOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/&[a-z]+;|&#\d+;/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/**
 * What any rendered content may keep (a well-kept sanitizer, not our own): text structure,
 * emphasis, quotes, and links to this site or mail; headings keep their anchors.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'a',
    'blockquote',
    'br',
    'pre',
    'code',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    code: ['class'],
  },
  // a code block names its language (the reseller guide's examples)
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // a link off the site opens apart and passes no rank or referrer
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const kept: Record<string, string> = /^https?:/i.test(href)
        ? { href, rel: 'nofollow noopener noreferrer', target: '_blank' }
        : { href };
      return { tagName, attribs: kept };
    },
  },
};

/** Sanitised HTML of stored or written content (articles, legal texts). */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/**
 * Markdown → sanitised HTML with anchored `##`/`###` headings (unique ids) and the list of
 * them. Raw HTML in the source is dropped by the sanitizer, not trusted.
 */
export function renderMarkdown(source: string): Rendered {
  const headings: DocHeading[] = [];
  const used = new Map<string, number>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, token) {
        const inner = this.parser.parseInline(token.tokens);
        // a document's own level-1 heading would compete with the page's: it becomes h2
        const depth = Math.min(Math.max(token.depth, 2), 4);
        let id = anchorOf(inner);
        const seen = used.get(id) ?? 0;
        used.set(id, seen + 1);
        if (seen) id = `${id}-${seen + 1}`;
        headings.push({ id, text: inner.replace(/<[^>]*>/g, ''), depth });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(source, { async: false }) as string;
  return { html: sanitize(html), headings };
}

/**
 * Site links of rendered content in a reader's language: `/cp/` becomes `/de/cp/` on a German
 * page; a link that names its language already, or leaves the site, stays as written.
 */
export function localizeLinks(html: string, prefix: string): string {
  if (!prefix) return html;
  return html.replace(/href="\/(?!\/)([^"]*)"/g, (whole, rest: string) => {
    const first = rest.split(/[/?#]/)[0] ?? '';
    return isLocale(first) ? whole : `href="${prefix}/${rest}"`;
  });
}
