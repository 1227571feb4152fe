import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

/**
 * A local OAuth 2 provider speaking the real protocol (authorization code + PKCE S256): the
 * Google-style OpenID userinfo (GET, Bearer) and the VK ID-style user_info (POST form). It
 * approves every authorization request at once, for the profile it was started with.
 */
export const FAKE_CLIENT = { id: 'test-client', secret: 'test-secret' };

export interface FakeOAuth {
  url: string;
  close(): Promise<void>;
  /** how many codes were exchanged for tokens */
  exchanges: number;
  /** a broken provider: the token or the user info answer is the JSON `null` (off: null) */
  answersNull: 'token' | 'userinfo' | null;
  /** user info answers wait until this many are asked for, then all go at once (races) */
  together: number;
}

export async function startFakeOAuth(
  profile: { subject: string; email: string | null },
  port = 0,
): Promise<FakeOAuth> {
  const codes = new Map<string, { redirectUri: string; challenge: string }>();
  const tokens = new Set<string>();
  const state = { exchanges: 0, answersNull: null as FakeOAuth['answersNull'], together: 1 };
  let waiting: (() => void)[] = [];
  /** Holds an answer until `together` of them wait, then lets them all go. */
  const gate = (answer: () => void) => {
    waiting.push(answer);
    if (waiting.length < state.together) return;
    const go = waiting;
    waiting = [];
    for (const each of go) each();
  };
  const app = express();
  app.use(express.urlencoded({ extended: false }));

  app.get('/authorize', (req, res) => {
    const {
      client_id,
      redirect_uri,
      state: clientState,
      code_challenge,
      code_challenge_method,
      response_type,
    } = req.query;
    if (
      client_id !== FAKE_CLIENT.id ||
      response_type !== 'code' ||
      code_challenge_method !== 'S256' ||
      typeof redirect_uri !== 'string'
    ) {
      res.status(400).send('invalid_request');
      return;
    }
    const code = randomBytes(12).toString('hex');
    codes.set(code, { redirectUri: redirect_uri, challenge: String(code_challenge) });
    const back = new URL(redirect_uri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', String(clientState));
    res.redirect(302, back.toString());
  });

  app.post('/token', (req, res) => {
    const { grant_type, code, redirect_uri, client_id, client_secret, code_verifier } =
      req.body as Record<string, string>;
    const issued = codes.get(code ?? '');
    const challenge = createHash('sha256')
      .update(code_verifier ?? '')
      .digest('base64url');
    if (
      grant_type !== 'authorization_code' ||
      !issued ||
      issued.redirectUri !== redirect_uri ||
      client_id !== FAKE_CLIENT.id ||
      client_secret !== FAKE_CLIENT.secret ||
      issued.challenge !== challenge
    ) {
      res.status(400).json({ error: 'invalid_grant' });
      return;
    }
    codes.delete(code!);
    if (state.answersNull === 'token') {
      res.type('json').send('null');
      return;
    }
    const token = randomBytes(16).toString('hex');
    tokens.add(token);
    state.exchanges += 1;
    res.json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
  });

  app.get('/userinfo', (req, res) => {
    const token = req.get('authorization')?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(token)) {
      res.status(401).json({ error: 'invalid_token' });
      return;
    }
    gate(() => {
      if (state.answersNull === 'userinfo') res.type('json').send('null');
      else res.json({ sub: profile.subject, email: profile.email, email_verified: true });
    });
  });

  app.post('/user_info', (req, res) => {
    const { access_token, client_id } = req.body as Record<string, string>;
    if (!tokens.has(access_token ?? '') || client_id !== FAKE_CLIENT.id) {
      res.status(401).json({ error: 'invalid_token' });
      return;
    }
    gate(() => {
      if (state.answersNull === 'userinfo') res.type('json').send('null');
      else res.json({ user: { user_id: profile.subject, email: profile.email ?? '' } });
    });
  });

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get exchanges() {
      return state.exchanges;
    },
    get answersNull() {
      return state.answersNull;
    },
    set answersNull(value) {
      state.answersNull = value;
    },
    get together() {
      return state.together;
    },
    set together(value) {
      state.together = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The env that points a provider of the app at this fake. */
export function fakeOAuthEnv(provider: 'vk' | 'google', url: string): Record<string, string> {
  const key = provider.toUpperCase();
  return {
    [`OAUTH_${key}_CLIENT_ID`]: FAKE_CLIENT.id,
    [`OAUTH_${key}_CLIENT_SECRET`]: FAKE_CLIENT.secret,
    [`OAUTH_${key}_AUTHORIZE_URL`]: `${url}/authorize`,
    [`OAUTH_${key}_TOKEN_URL`]: `${url}/token`,
    [`OAUTH_${key}_USERINFO_URL`]: provider === 'vk' ? `${url}/user_info` : `${url}/userinfo`,
  };
}
