import { EventEmitter } from 'node:events';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { toFetchRequest } from './fetch-request.ts';

function pair(originalUrl: string, host = 'shop.example') {
  const req = { originalUrl, method: 'GET', headers: { host } } as unknown as ExpressRequest;
  const res = Object.assign(new EventEmitter(), { writableFinished: false });
  return { req, res, request: toFetchRequest(req, res as unknown as ExpressResponse) };
}

describe('toFetchRequest', () => {
  it('carries the path and query on a fixed origin, whatever the Host header says', () => {
    expect(pair('/en/blog/?page=2').request.url).toBe('http://localhost/en/blog/?page=2');
    expect(pair('/en/', 'bad host:x').request.url).toBe('http://localhost/en/');
    // a path that looks like a network path stays a path
    expect(new URL(pair('//evil.example/en/').request.url).host).toBe('localhost');
  });

  it('aborts the loaders when the visitor leaves, not after a finished answer', () => {
    const left = pair('/en/');
    left.res.emit('close');
    expect(left.request.signal.aborted).toBe(true);
    const done = pair('/en/');
    done.res.writableFinished = true;
    done.res.emit('close');
    expect(done.request.signal.aborted).toBe(false);
  });
});
