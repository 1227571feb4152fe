import { anchorOf, frontMatter, localizeLinks, renderMarkdown, sanitize } from './markdown.ts';

describe('markdown content', () => {
  it('reads front matter and leaves the body', () => {
    const { meta, body } = frontMatter(
      '---\ntitle: Privacy: the policy\neffective: 2026-11-01\n---\nHello',
    );
    expect(meta).toEqual({ title: 'Privacy: the policy', effective: '2026-11-01' });
    expect(body).toBe('Hello');
    expect(frontMatter('no fences').meta).toEqual({});
  });

  it('anchors headings in any script, uniquely, and lists them', () => {
    expect(anchorOf('1. Предмет договора')).toBe('1-предмет-договора');
    const { html, headings } = renderMarkdown(
      '## 1. Terms\n\ntext\n\n### 1.1 More\n\n## 1. Terms\n\n# Top',
    );
    expect(headings).toEqual([
      { id: '1-terms', text: '1. Terms', depth: 2 },
      { id: '1-1-more', text: '1.1 More', depth: 3 },
      { id: '1-terms-2', text: '1. Terms', depth: 2 },
      { id: 'top', text: 'Top', depth: 2 },
    ]);
    expect(html).toContain('<h2 id="1-terms">1. Terms</h2>');
    expect(html).toContain('<h2 id="top">Top</h2>');
  });

  it('drops scripts, handlers, styles and unsafe links, and marks links off the site', () => {
    const { html } = renderMarkdown(
      'Hi <script>alert(1)</script><img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](/cp/) [c](https://x.example/) [d](mailto:a@b.c)\n\n<div style="x">raw</div>',
    );
    expect(html).not.toMatch(/script|onerror|<img|javascript:|style=|<div/);
    expect(html).toContain('<a href="/cp/">b</a>');
    expect(html).toContain(
      '<a href="https://x.example/" rel="nofollow noopener noreferrer" target="_blank">c</a>',
    );
    expect(html).toContain('<a href="mailto:a@b.c">d</a>');
    expect(sanitize('<p onclick="x">t</p><iframe src="//e"></iframe>')).toBe('<p>t</p>');
  });

  it('puts site links in the reader’s language, leaving the rest', () => {
    const html =
      '<a href="/cp/">a</a><a href="/en/cp/">b</a><a href="https://x.example/">c</a><a href="mailto:a@b.c">d</a><a href="/">e</a>';
    expect(localizeLinks(html, '/de')).toBe(
      '<a href="/de/cp/">a</a><a href="/en/cp/">b</a><a href="https://x.example/">c</a><a href="mailto:a@b.c">d</a><a href="/de/">e</a>',
    );
    expect(localizeLinks(html, '')).toBe(html);
  });

  it('keeps code blocks with their language, and nothing else of a code tag', () => {
    const { html } = renderMarkdown('```php\n<?php echo "<b>x</b>";\n```\n\n`inline`');
    expect(html).toContain('<pre><code class="language-php">&lt;?php echo "&lt;b&gt;x&lt;/b&gt;";');
    expect(html).toContain('<code>inline</code>');
    expect(sanitize('<code class="evil language-sh" onclick="x">a</code>')).toBe(
      '<code class="language-sh">a</code>',
    );
  });
});
