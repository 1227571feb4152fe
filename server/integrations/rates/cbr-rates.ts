/**
 * Currency rates from a central bank's daily XML feed: the Bank of Russia's
 * `XML_daily.asp` (`<ValCurs Date="24.11.2026"><Valute><CharCode>USD</CharCode>
 * <Nominal>1</Nominal><Value>92,5321</Value>…`, windows-1251), read as roubles per unit of
 * each currency we sell in. Any feed of the same shape works (RATES_URL).
 */
export interface Rates {
  /** roubles per one unit */
  USD: number;
  EUR: number;
  /** the feed's own date (DD.MM.YYYY), or null */
  date: string | null;
}

export class RatesFeedError extends Error {}

/** The rate of one currency in the feed's text, or null. */
function rateOf(xml: string, code: string): number | null {
  const entry = new RegExp(
    `<Valute\\b[^>]*>(?:(?!</Valute>)[\\s\\S])*?<CharCode>${code}</CharCode>[\\s\\S]*?</Valute>`,
  ).exec(xml)?.[0];
  if (!entry) return null;
  const nominal = Number(/<Nominal>\s*(\d+)\s*<\/Nominal>/.exec(entry)?.[1]);
  const value = Number(
    /<Value>\s*([\d\s]+(?:[.,]\d+)?)\s*<\/Value>/
      .exec(entry)?.[1]
      ?.replace(/\s/g, '')
      .replace(',', '.'),
  );
  if (!Number.isFinite(nominal) || nominal <= 0 || !Number.isFinite(value) || value <= 0)
    return null;
  return value / nominal;
}

/** Reads the feed's rates; a feed without a sane USD and EUR rate is refused. */
export function parseCbrRates(xml: string): Rates {
  if (!/<ValCurs\b/.test(xml)) throw new RatesFeedError('not a ValCurs document');
  const USD = rateOf(xml, 'USD');
  const EUR = rateOf(xml, 'EUR');
  // far outside any rate of the last decades: a broken feed, not a market
  const sane = (rate: number | null): rate is number => rate !== null && rate > 1 && rate < 10_000;
  if (!sane(USD) || !sane(EUR)) throw new RatesFeedError('no sane USD and EUR rates');
  return { USD, EUR, date: /<ValCurs[^>]*\bDate="([\d.]+)"/.exec(xml)?.[1] ?? null };
}

/** Fetches and reads the feed (windows-1251 or UTF-8, as its header or prolog says). */
export async function fetchCbrRates(url: string, timeoutMs: number): Promise<Rates> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new RatesFeedError(`the feed did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new RatesFeedError(`the feed answered ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = `${response.headers.get('content-type') ?? ''} ${head}`;
  const encoding = /windows-1251|cp1251/i.test(declared) ? 'windows-1251' : 'utf-8';
  return parseCbrRates(new TextDecoder(encoding).decode(bytes));
}
