import http from 'node:http';
import express from 'express';
import { startServer } from '../../server/http-server.ts';
import { createLogger } from '../../server/lib/logger.ts';

const logger = createLogger({ logLevel: 'silent', logPretty: false });

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('lets an in-flight request finish and then refuses new connections', async () => {
    const app = express();
    app.get('/slow', (_req, res) => {
      setTimeout(() => res.send('finished'), 300);
    });
    const running = await startServer(app, { port: 0, host: '127.0.0.1', timeoutMs: 5000, logger });
    const inFlight = get(running.port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = running.shutdown('SIGTERM');

    await expect(inFlight).resolves.toEqual({ status: 200, body: 'finished' });
    await expect(stopped).resolves.toBe('clean');
    await expect(get(running.port, '/slow')).rejects.toThrow(/ECONNREFUSED/);
  });

  it('cuts connections that outlive the timeout', async () => {
    const app = express();
    app.get('/hang', () => {});
    const running = await startServer(app, { port: 0, host: '127.0.0.1', timeoutMs: 200, logger });
    const hanging = get(running.port, '/hang').catch((error: Error) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(running.shutdown('SIGTERM')).resolves.toBe('timeout');
    expect(String(await hanging)).toMatch(/socket hang up|ECONNRESET/);
  });
});
