/** Writes a first-party cookie from the browser (non-httpOnly preferences only). */
export function setCookie(name: string, value: string, maxAgeMs: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in older Safari
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.round(maxAgeMs / 1000)}; SameSite=Lax${secure}`;
}

/** Reads a cookie the page can see (not httpOnly ones). */
export function getCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split('; ')) {
    const at = part.indexOf('=');
    if (part.slice(0, at) === name) return decodeURIComponent(part.slice(at + 1));
  }
  return undefined;
}
