/**
 * The guide's code blocks scroll sideways on a phone; a box that scrolls must take the focus
 * to be scrolled without a mouse (WCAG 2.1.1), and a box that takes the focus needs a name
 * (WCAG 4.1.2). The guide's HTML is made and sanitised on the server (server/lib/markdown.ts,
 * no attributes on `pre`); the page adds them as it renders it, from the page's messages. A
 * pure function of the string, so the server's markup and the browser's are the same.
 */

/** How a block is named: its language as a reader knows it, the section it stands in. */
export type CodeBlockName = (block: { language: string; section: string; n: number }) => string;

/** The code classes' languages as readers know them (the guide's examples: content/api-guide/). */
const LANGUAGES: Record<string, string> = {
  sh: 'shell',
  bash: 'shell',
  json: 'JSON',
  php: 'PHP',
  python: 'Python',
  js: 'JavaScript',
  javascript: 'JavaScript',
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The text of an HTML fragment: tags dropped, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Every `<pre>` of `html` made a named region that takes the focus: `tabindex="0"`,
 * `role="region"` and an `aria-label` from `nameOf` (the block's language: "curl" for a
 * shell line that runs curl; the nearest heading before it; its number among blocks of the
 * same language in that section, so no two regions share a name).
 */
export function labelCodeBlocks(html: string, nameOf: CodeBlockName, untitled = ''): string {
  let section = untitled;
  const seen = new Map<string, number>();
  return html.replace(
    /<h([2-4])\b[^>]*>([\s\S]*?)<\/h\1>|<pre>(?=(<code(?: class="language-([\w+-]+)")?>)?([\s\S]{0,8}))/g,
    (whole, _depth, heading: string | undefined, _code, language: string | undefined, start) => {
      if (heading !== undefined) {
        section = textOf(heading);
        return whole;
      }
      const known = language ? (LANGUAGES[language] ?? language) : 'text';
      const shown =
        known === 'shell' && /^curl\s/.test(String(start).replace(/^\s+/, '')) ? 'curl' : known;
      const key = `${section}\u0000${shown}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      const name = nameOf({ language: shown, section, n });
      return `<pre tabindex="0" role="region" aria-label="${attribute(name)}">`;
    },
  );
}
