import { createHash, randomBytes } from 'node:crypto';
import { hasControlChars } from '#shared/control-chars.ts';

/**
 * An OAuth 2 authorization-code provider (with PKCE), as VK ID and Google speak it. The
 * endpoints come from configuration, so tests point them at a local fake server.
 */
export interface OAuthProviderConfig {
  name: 'vk' | 'google';
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  scope: string;
}

export interface SocialProfile {
  subject: string;
  email: string | null;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(
  provider: OAuthProviderConfig,
  { redirectUri, state, challenge }: { redirectUri: string; state: string; challenge: string },
): string {
  const url = new URL(provider.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: provider.scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

async function postForm(
  url: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(10_000),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isRecord(body) || body.error)
    throw new OAuthProviderError(
      `${url} answered ${response.status} ${isRecord(body) ? String(body.error ?? '') : 'no JSON object'}`,
    );
  return body;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whatever goes wrong on the provider's side (no answer, a refusal, `null` or any other
 * answer that is not what the protocol says): the login fails with the documented redirect,
 * never a 500.
 */
export class OAuthProviderError extends Error {}

/** Exchanges the code for an access token and reads who the user is. */
export async function fetchProfile(
  provider: OAuthProviderConfig,
  flow: { code: string; redirectUri: string; verifier: string },
): Promise<SocialProfile> {
  try {
    return await askProvider(provider, flow);
  } catch (error) {
    // a network failure or a timeout is the provider's side too
    if (error instanceof OAuthProviderError) throw error;
    throw new OAuthProviderError(`${provider.name}: ${(error as Error)?.message ?? error}`);
  }
}

async function askProvider(
  provider: OAuthProviderConfig,
  { code, redirectUri, verifier }: { code: string; redirectUri: string; verifier: string },
): Promise<SocialProfile> {
  const token = await postForm(provider.tokenUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    code_verifier: verifier,
  });
  const accessToken = String(token.access_token ?? '');
  if (!accessToken) throw new OAuthProviderError('no access token');

  if (provider.name === 'vk') {
    // VK ID: POST user_info with the token and the client id → {user:{user_id, email}}
    const info = await postForm(provider.userInfoUrl, {
      access_token: accessToken,
      client_id: provider.clientId,
    });
    const user = isRecord(info.user) ? info.user : {};
    return { subject: subjectOf(user.user_id), email: emailOf(user.email) };
  }
  // OpenID Connect userinfo (Google): GET with the bearer token → {sub, email, email_verified}
  const response = await fetch(provider.userInfoUrl, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  const answer: unknown = await response.json().catch(() => null);
  const info: { sub?: unknown; email?: unknown; email_verified?: unknown } = isRecord(answer)
    ? answer
    : {};
  if (!response.ok || !info.sub)
    throw new OAuthProviderError(`userinfo answered ${response.status}`);
  const verified = info.email_verified !== false;
  return { subject: subjectOf(info.sub), email: verified ? emailOf(info.email) : null };
}

/** The provider's id of the person, as text; anything else is the provider's failure. */
function subjectOf(raw: unknown): string {
  const subject = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  // no control characters (PostgreSQL refuses a NUL byte): the same rule as every request's
  if (!subject || subject.length > 255 || /[\t\n\r]/.test(subject) || hasControlChars(subject))
    throw new OAuthProviderError('no usable user id');
  return subject;
}

/** The person's e-mail when it is one (a null, empty or malformed one counts as none). */
function emailOf(raw: unknown): string | null {
  return typeof raw === 'string' &&
    raw.length <= 254 &&
    !hasControlChars(raw) &&
    /^[^\s@]+@[^\s@]+$/.test(raw)
    ? raw
    : null;
}
