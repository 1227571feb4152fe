import request from 'supertest';
import { createErrorReporter } from '#client/lib/error-reporter.ts';
import type { ClientLogEntry } from '#shared/api-contract/content.ts';
import { createTestApp } from '../support/app.ts';

/**
 * What the browser's error reporter (client/lib/error-reporter.ts) sends, the server's POST
 * logger takes: every field within its limits, however long the error was.
 */
const app = await createTestApp();

describe('the browser’s error reports', () => {
  it('are taken by POST logger as they are', async () => {
    const answers: Promise<request.Response>[] = [];
    const report = createErrorReporter({
      where: () => `/en/buy-instagram-likes/?q=${'x'.repeat(3000)}`,
      send: (entry: ClientLogEntry) => {
        const answer = request(app)
          .post('/api/logger')
          .send(entry)
          .then((res) => res);
        answers.push(answer);
        return answer;
      },
    });
    const long = new Error('y'.repeat(3000));
    long.stack = `Error: ${'y'.repeat(3000)}\n${'    at render (entry.js:1:1)\n'.repeat(400)}`;
    report(long, 'react.caught', { componentStack: '\n    at Page'.repeat(500), attempt: 1 });
    report('a plain string', 'unhandledrejection', undefined, 'warn');
    report({ reason: 'an object' }, 'window.error', { filename: 'a.js', line: 1, column: 2 });
    const statuses = (await Promise.all(answers)).map((res) => [res.status, res.body.message]);
    expect(statuses).toEqual([
      [202, undefined],
      [202, undefined],
      [202, undefined],
    ]);
  });
});
