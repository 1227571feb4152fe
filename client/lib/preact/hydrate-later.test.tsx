import { renderToString } from 'react-dom/server';
import { HydrateLater } from './hydrate-later.tsx';

describe('HydrateLater on the server', () => {
  it('writes its content as it is: no Suspense boundary, no markers in the page', () => {
    const html = renderToString(
      <main>
        <HydrateLater>
          <header className="site">Boostly</header>
        </HydrateLater>
      </main>,
    );
    expect(html).toBe('<main><header class="site">Boostly</header></main>');
  });
});
