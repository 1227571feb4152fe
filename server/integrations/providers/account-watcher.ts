import type { Transport } from './smm-provider.ts';

/** A post of a watched account, as a subscription orders for it. */
export interface WatchedPost {
  /** the source's post number, in publishing order */
  id: string;
  link: string;
  /** ISO time */
  published: string;
}

export type WatchAnswer =
  | { ok: true; posts: WatchedPost[] }
  /** `hidden`: the account cannot be seen (private, gone); `unavailable`: the source is down */
  | { ok: false; reason: 'hidden' | 'unavailable'; message: string };

/**
 * Where subscriptions (auto orders) learn of an account's new posts. The built-in source is
 * the provider simulator's `posts` call (in process, or over HTTP at `SIMULATOR_URL`); a
 * platform's own API would plug in behind the same port.
 */
export interface AccountWatcher {
  postsSince(
    account: { username: string; platform: string },
    since: string | null,
  ): Promise<WatchAnswer>;
}

const isPost = (post: unknown): post is WatchedPost =>
  typeof post === 'object' &&
  post !== null &&
  typeof (post as WatchedPost).id === 'string' &&
  typeof (post as WatchedPost).link === 'string' &&
  !Number.isNaN(Date.parse((post as WatchedPost).published));

/** The simulator's `posts` call as an account watcher. */
export function createSimulatorWatcher({
  url,
  key,
  transport,
  timeoutMs = 15_000,
}: {
  url: string;
  key: string;
  transport: Transport;
  timeoutMs?: number;
}): AccountWatcher {
  return {
    async postsSince({ username, platform }, since) {
      const form = new URLSearchParams({ key, action: 'posts', username, platform });
      if (since) form.set('since', since);
      let body: unknown;
      try {
        const answer = await transport(url, form, timeoutMs);
        if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
        body = JSON.parse(answer.body);
      } catch (error) {
        return { ok: false, reason: 'unavailable', message: (error as Error).message };
      }
      const answer = body as { posts?: unknown; error?: unknown };
      // a refused key is ours to fix, not the account's: it is no reason to pause
      if (typeof answer?.error === 'string')
        return {
          ok: false,
          reason: answer.error === 'Invalid API key' ? 'unavailable' : 'hidden',
          message: answer.error,
        };
      if (!Array.isArray(answer?.posts) || !answer.posts.every(isPost))
        return { ok: false, reason: 'unavailable', message: 'malformed posts answer' };
      return { ok: true, posts: answer.posts };
    },
  };
}
