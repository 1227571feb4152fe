/**
 * A whole number as people type it in any of our languages: "1234", "1 234" (ru, with a
 * no-break or thin space too), "1,234" (en), "1.234" (de, es, it, pt, tr), "1'234". Groups
 * must be of three; anything else (decimals, letters, signs) is null.
 */
export function parseWholeNumber(text: string, maxDigits = 9): number | null {
  const value = text.trim();
  if (new RegExp(`^\\d{1,${maxDigits}}$`).test(value)) return Number(value);
  if (!/^\d{1,3}([ \u00a0\u202f\u2009,.'’]\d{3})+$/.test(value)) return null;
  // one kind of separator in one number
  const separators = new Set(value.replace(/\d/g, ''));
  if (separators.size !== 1) return null;
  const digits = value.replace(/\D/g, '');
  return digits.length <= maxDigits ? Number(digits) : null;
}
