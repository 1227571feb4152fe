import { scopeCssModule } from './css-modules.ts';

describe('scopeCssModule', () => {
  const css = `
/* .comment { } */
.card { margin: 0.5rem; background: url(a.png); }
.card:hover > .title, .title[data-x="1"] { color: red; }
@media (max-width: 659px) { .card { padding: 1.5px; } }
@keyframes spin { from { opacity: 0.1; } to { opacity: 1; } }
`;

  it('renames class selectors from the file path, the same way every time', () => {
    const first = scopeCssModule(css, 'client/components/card/card.module.css');
    const again = scopeCssModule(css, 'client/components/card/card.module.css');
    expect(first).toEqual(again);
    expect(Object.keys(first.classes).sort()).toEqual(['card', 'title']);
    expect(first.classes.card).toMatch(/^card_card_\w{4}$/);
    expect(first.css).toContain(`.${first.classes.card}:hover > .${first.classes.title}`);
  });

  it('leaves declarations, numbers and at-rule preludes alone', () => {
    const { css: out } = scopeCssModule(css, 'x/card.module.css');
    expect(out).toContain('margin: 0.5rem');
    expect(out).toContain('padding: 1.5px');
    expect(out).toContain('url(a.png)');
    expect(out).toContain('@media (max-width: 659px)');
    expect(out).toContain('opacity: 0.1');
    expect(out).not.toContain('comment');
  });

  it('gives files of the same name in other folders other names', () => {
    const a = scopeCssModule('.x{}', 'a/card.module.css').classes.x;
    const b = scopeCssModule('.x{}', 'b/card.module.css').classes.x;
    expect(a).not.toBe(b);
  });
});
