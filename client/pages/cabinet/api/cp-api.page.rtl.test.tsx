/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKeyView } from '#shared/api-keys.ts';
import { pagePath } from '#shared/routes.ts';
import { ApiRefusal, appStore, fakeApi, publicUser, renderPage } from '#tests/support/render.tsx';
import ApiPage, { apiPageAction, apiPageLoader } from './cp-api.page.tsx';

/** The keys POST user/api-key makes, in turn (`bst_` and 32 characters, as the service's). */
const KEYS = ['bst_Xa9kQ2vLr5TnY3pWc7HsAe4dF8gJ1mZo', 'bst_P0qRw7EyU2iOa4sDf6gHj8kLz1xCv3bN'];

/** The one key of the user, as the server keeps it: its view, never the key itself. */
let held: ApiKeyView | null;
let made: number;
/** what POST user/api-key answers instead of a key, when set */
let refusal: ApiRefusal | null;
let api: ReturnType<typeof fakeApi>;
let confirm: jest.Spied<typeof window.confirm>;

beforeEach(() => {
  held = null;
  made = 0;
  refusal = null;
  api = fakeApi({
    // docs/api.md "Reseller API keys"
    'GET user/api-key': () => held,
    'POST user/api-key': () => {
      if (refusal) return refusal;
      const key = KEYS[made++]!;
      held = {
        prefix: key.slice(0, 10),
        created_at: new Date().toISOString(),
        last_used_at: null,
        last_used_ip: null,
      };
      return { key };
    },
    'DELETE user/api-key': () => {
      if (!held) return new ApiRefusal(404, 'There is no API key to revoke');
      held = null;
      return null;
    },
    'GET user/webhook': () => ({ endpoint: null, deliveries: [] }),
    'GET content/api-guide': () => ({
      lang: 'en',
      fallback: false,
      html: '<h2 id="auth">Authentication</h2><p>Send the key as <code>key</code>.</p>',
      toc: [{ id: 'auth', text: 'Authentication' }],
    }),
  });
  confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
});

afterEach(() => {
  api.restore();
  confirm.mockRestore();
});

/** The page once its route's loader has read it (the router renders nothing before). */
async function renderApiPage() {
  const rendered = renderPage(<ApiPage />, {
    store: appStore({ user: publicUser() }),
    path: pagePath('cp-api', 'en'),
    pageId: 'cp-api',
    sets: ['cabinet', 'cabinet-screens'],
    loader: apiPageLoader('en'),
    action: apiPageAction,
  });
  await screen.findByRole('region', { name: 'Your API key' });
  return rendered;
}

const keyCard = () => screen.getByRole('region', { name: 'Your API key' });
/** The facts of the key held, term → description. */
const facts = () =>
  Object.fromEntries(
    within(keyCard())
      .queryAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('the API key card', () => {
  it('makes a key, shows it once to copy, then only its start', async () => {
    const user = userEvent.setup();
    await renderApiPage();
    expect(await within(keyCard()).findByText(/You have no API key yet/)).toBeTruthy();

    await user.click(within(keyCard()).getByRole('button', { name: 'Create a key' }));
    const fresh = await within(keyCard()).findByRole('status');
    expect(fresh.textContent).toContain('Copy the key now: for your safety it is shown only once.');
    expect(within(fresh).getByText(KEYS[0]!)).toBeTruthy();
    // creating asks nothing: there is no key to lose
    expect(confirm).not.toHaveBeenCalled();

    await user.click(within(fresh).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(KEYS[0]);
    expect(within(fresh).getByRole('button', { name: 'Copied' })).toBeTruthy();

    // the page read the key's facts again: its first 10 characters, never used
    await waitFor(() =>
      expect(facts()).toMatchObject({
        'Key starting with': 'bst_Xa9kQ2…',
        'Last used': 'Not used yet',
      }),
    );
    expect(within(keyCard()).getByRole('button', { name: 'Make a new key' })).toBeTruthy();
    expect(within(keyCard()).getByRole('button', { name: 'Revoke' })).toBeTruthy();
  });

  it('offers no new key while it cannot tell whether one exists, and asks again', async () => {
    const user = userEvent.setup();
    let down = true;
    const before = api;
    before.restore();
    api = fakeApi({
      'GET user/api-key': () =>
        down ? new ApiRefusal(503, 'The service is temporary unavailable') : held,
      'POST user/api-key': () => ({ key: KEYS[0] }),
      'GET user/webhook': () => ({ endpoint: null, deliveries: [] }),
      'GET content/api-guide': () => new ApiRefusal(503, 'The service is temporary unavailable'),
    });
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    await renderApiPage();
    expect(await within(keyCard()).findByText(/Your key could not be loaded/)).toBeTruthy();
    expect(within(keyCard()).queryByRole('button', { name: 'Create a key' })).toBeNull();
    expect(within(keyCard()).queryByText(/You have no API key yet/)).toBeNull();
    down = false;
    await user.click(within(keyCard()).getByRole('button', { name: 'Try again' }));
    expect(await within(keyCard()).findByRole('button', { name: 'Create a key' })).toBeTruthy();
    expect(api.callsOf('POST user/api-key')).toHaveLength(0);
    logged.mockRestore();
  });

  it('says "Copied" only when the clipboard took the key, else selects it to copy', async () => {
    const user = userEvent.setup();
    await renderApiPage();
    await user.click(await within(keyCard()).findByRole('button', { name: 'Create a key' }));
    const fresh = await within(keyCard()).findByRole('status');
    const refuse = jest
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
    await user.click(within(fresh).getByRole('button', { name: 'Copy' }));
    expect(within(fresh).queryByRole('button', { name: 'Copied' })).toBeNull();
    expect(within(fresh).getByRole('alert').textContent).toMatch(/the key is selected/);
    expect(getSelection()?.toString()).toBe(KEYS[0]);
    refuse.mockRestore();
  });

  it('shows a key made before by its start and its last use only', async () => {
    held = {
      prefix: 'bst_Xa9kQ2',
      created_at: '2026-02-14T10:00:00.000Z',
      last_used_at: '2026-03-01T08:30:00.000Z',
      last_used_ip: '203.0.113.7',
    };
    await renderApiPage();
    await waitFor(() =>
      expect(facts()).toEqual({
        'Key starting with': 'bst_Xa9kQ2…',
        Created: '14.02.2026',
        'Last used': '01.03.2026 from 203.0.113.7',
      }),
    );
    expect(within(keyCard()).queryByRole('status')).toBeNull();
    expect(within(keyCard()).queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(within(keyCard()).queryByRole('button', { name: 'Create a key' })).toBeNull();
  });

  it('makes a new key only once the buyer confirms, and shows the new one', async () => {
    const user = userEvent.setup();
    await renderApiPage();
    await user.click(await within(keyCard()).findByRole('button', { name: 'Create a key' }));
    await within(keyCard()).findByRole('button', { name: 'Make a new key' });

    confirm.mockReturnValueOnce(false);
    await user.click(within(keyCard()).getByRole('button', { name: 'Make a new key' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Make a new key? The current one stops working at once.',
    );
    expect(api.callsOf('POST user/api-key')).toHaveLength(1);
    expect(within(keyCard()).getByText(KEYS[0]!)).toBeTruthy();

    await user.click(within(keyCard()).getByRole('button', { name: 'Make a new key' }));
    expect(await within(keyCard()).findByText(KEYS[1]!)).toBeTruthy();
    expect(within(keyCard()).queryByText(KEYS[0]!)).toBeNull();
    // copying starts over for the new key
    expect(within(keyCard()).getByRole('button', { name: 'Copy' })).toBeTruthy();
    await waitFor(() => expect(facts()['Key starting with']).toBe('bst_P0qRw7…'));
  });

  it('revokes the key once confirmed, and offers to make one again', async () => {
    const user = userEvent.setup();
    held = {
      prefix: 'bst_Xa9kQ2',
      created_at: '2026-02-14T10:00:00.000Z',
      last_used_at: null,
      last_used_ip: null,
    };
    await renderApiPage();
    await user.click(await within(keyCard()).findByRole('button', { name: 'Revoke' }));
    expect(confirm).toHaveBeenLastCalledWith('Revoke the key? Panels using it will stop working.');

    expect(await within(keyCard()).findByText(/You have no API key yet/)).toBeTruthy();
    expect(api.callsOf('DELETE user/api-key')).toHaveLength(1);
    expect(facts()).toEqual({});
    expect(within(keyCard()).getByRole('button', { name: 'Create a key' })).toBeTruthy();
  });

  it('says so when the key cannot be made', async () => {
    const user = userEvent.setup();
    refusal = new ApiRefusal(503, 'The service is temporary unavailable');
    await renderApiPage();
    await user.click(await within(keyCard()).findByRole('button', { name: 'Create a key' }));
    expect(await within(keyCard()).findByRole('alert')).toBeTruthy();
    expect(within(keyCard()).getByRole('alert').textContent).toBe(
      'That did not work. Try again in a minute.',
    );
    expect(within(keyCard()).queryByRole('status')).toBeNull();
    // the button is there to try again
    expect(
      (within(keyCard()).getByRole('button', { name: 'Create a key' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });
});

describe("the guide's code blocks", () => {
  it('each take the focus and are named regions, so a keyboard scrolls them sideways', async () => {
    const before = api;
    before.restore();
    api = fakeApi({
      'GET user/api-key': () => null,
      'GET user/webhook': () => ({ endpoint: null, deliveries: [] }),
      // as server/lib/markdown.ts renders the guide: sanitised, no attributes on `pre`
      'GET content/api-guide': () => ({
        lang: 'en',
        fallback: false,
        html: [
          '<p>Send every request to the endpoint.</p>',
          '<pre><code class="language-sh">curl -s https://shop.test/api/v2 -d key=KEY -d action=balance\n</code></pre>',
          '<h2 id="actions">Actions</h2>',
          '<h3 id="add">add</h3>',
          '<pre><code class="language-sh">curl -s https://shop.test/api/v2 -d action=add\n</code></pre>',
          '<pre><code class="language-json">{"order": 23501}\n</code></pre>',
          '<pre><code class="language-sh">curl -s https://shop.test/api/v2 -d action=add -d runs=5\n</code></pre>',
          '<h3 id="php">PHP &amp; cURL</h3>',
          '<pre><code class="language-php">&lt;?php\n</code></pre>',
        ].join('\n'),
        toc: [{ id: 'actions', text: 'Actions' }],
      }),
    });
    const user = userEvent.setup();
    await renderApiPage();
    const guide = await screen.findByTestId('api-guide');
    const blocks = [...guide.querySelectorAll('pre')];
    expect(blocks).toHaveLength(5);
    for (const block of blocks) {
      expect(block.tabIndex).toBe(0);
      expect(block.getAttribute('role')).toBe('region');
    }
    expect(
      within(guide)
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-label')),
    ).toEqual([
      'Code: curl, API guide',
      'Code: curl, add',
      'Code: JSON, add',
      'Code: curl, add (2)',
      'Code: PHP, PHP & cURL',
    ]);
    // Tab goes from one block to the next
    const [first] = blocks;
    first!.focus();
    await user.tab();
    expect(document.activeElement).toBe(blocks[1]);
    expect(screen.getByRole('region', { name: 'Code: JSON, add' })).toBe(blocks[2]);
  });
});

describe('the webhook address', () => {
  it('refused by the server, takes the focus, described by what to write', async () => {
    const before = api;
    before.restore();
    api = fakeApi({
      'GET user/api-key': () => null,
      'GET user/webhook': () => ({ endpoint: null, deliveries: [] }),
      'PUT user/webhook': () =>
        new ApiRefusal(400, 'The webhook URL must point to a public address'),
      'GET content/api-guide': () => ({ lang: 'en', fallback: false, html: '', toc: [] }),
    });
    const user = userEvent.setup();
    await renderApiPage();
    const card = await screen.findByTestId('api-webhook');
    const url = within(card).getByRole('textbox', { name: 'Webhook URL' });
    // the field waits for the address the account has
    await waitFor(() => expect((url as HTMLInputElement).disabled).toBe(false));
    await user.type(url, 'https://10.0.0.1/hook');
    const save = within(card).getByRole('button', { name: 'Save' });
    while (document.activeElement !== save) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(document.getElementById(url.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a full public address starting with https:// or http://.',
    );
  });
});
