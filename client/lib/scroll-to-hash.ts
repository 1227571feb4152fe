/**
 * docs/product.md §2: anchor navigation scrolls smoothly to the element with a 30 px offset (below the
 * sticky header, which would cover it otherwise); the element may not be rendered yet, so
 * look again up to 50 times, 100 ms apart.
 */
const HASH_SCROLL = { offsetPx: 30, attempts: 50, intervalMs: 100 } as const;

export function scrollToHash(hash: string, win: Window = window): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return () => {};
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tryScroll = () => {
    const element = win.document.getElementById(id);
    if (element) {
      const header = win.document.querySelector('header');
      const covered =
        header && win.getComputedStyle(header).position === 'sticky'
          ? header.getBoundingClientRect().height
          : 0;
      const top =
        element.getBoundingClientRect().top + win.scrollY - covered - HASH_SCROLL.offsetPx;
      win.scrollTo({ top, behavior: 'smooth' });
      return;
    }
    attempts += 1;
    if (attempts < HASH_SCROLL.attempts) timer = setTimeout(tryScroll, HASH_SCROLL.intervalMs);
  };
  tryScroll();
  return () => clearTimeout(timer);
}
