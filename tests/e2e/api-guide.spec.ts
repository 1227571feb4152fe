import { expect, test } from '@playwright/test';
import { answerSandbox, hydrated } from './support.ts';

/**
 * The reseller's API guide on /cp/api/ is this shop's: its address is the real one, its
 * services are this catalogue's numbers, and its examples, pasted as a reseller would (the
 * key put in), are answered by /api/v2 without an error.
 */
test('the API guide’s examples work when pasted into /api/v2', async ({ page, baseURL }) => {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const signUp = await page.request.post('/api/register', {
    data: {
      email: `guide${stamp}@example.com`,
      login: `guide${stamp}`,
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      lang: 'en',
      cur: 'USD',
    },
  });
  expect(signUp.status()).toBe(201);
  // money for the orders the examples place
  const top = await page.request.post('/api/deposit', {
    headers: { Origin: baseURL! },
    data: { amount: 5_000, method: 2, agreement: true, return_path: '/en/cp/' },
  });
  expect(top.status()).toBe(201);
  await page.goto((await top.json()).data.redirect);
  await answerSandbox(page);
  await expect(page).toHaveURL(/\/en\/thanks\//);

  await page.goto('/en/cp/api/');
  await hydrated(page);
  await page.getByTestId('api-key').getByRole('button', { name: 'Create a key' }).click();
  const key = (await page.getByTestId('api-key-value').textContent())!;
  const guide = page.getByTestId('api-guide');
  const blocks = await guide.locator('pre code').allTextContents();
  // the form-encoded curl examples: `curl -s URL -d name=value …`, continued lines joined
  const examples = blocks
    .filter((text) => text.startsWith('curl -s ') && !text.includes('Content-Type'))
    .map((text) => text.replace(/\\\n\s*/g, ' ').trim());
  expect(examples.length).toBeGreaterThan(4);
  const placed: string[] = [];
  for (const example of examples) {
    const [, url, rest] = /^curl -s (\S+) (.*)$/.exec(example)!;
    expect(url).toBe(`${baseURL}/api/v2`);
    const form: Record<string, string> = {};
    for (const [, name, value] of rest!.matchAll(/-d (\w+)=(\S+)/g)) form[name!] = value!;
    form.key = key;
    // the reader's own order numbers: those this test just placed
    if (form.order && placed.length) form.order = placed[0]!;
    if (form.orders && placed.length) form.orders = placed.join(',');
    const answer = await page.request.post('/api/v2', { form });
    const body = await answer.json();
    expect([example, answer.status()]).toEqual([example, 200]);
    const error = Array.isArray(body) ? undefined : (body as { error?: string }).error;
    // following an order just placed: a refill or a cancel is refused for its state, a refill
    // number of the guide's is not this account's; the request itself was understood
    const stateful = ['refill', 'cancel', 'refill_status'].includes(form.action!);
    if (stateful && error)
      expect([example, error]).toEqual([example, expect.stringMatching(/not found|cannot be/)]);
    else expect([example, error]).toEqual([example, undefined]);
    if (form.action === 'add') placed.push(String((body as { order: number }).order));
  }
  expect(placed.length).toBeGreaterThan(0);
});
