import { attributionOf, gaClientIdOf, newGaCookie, newYmUid, ymUidOf } from './analytics-ids.ts';
import { decide, identify, initialQueue, MAX_PENDING, track } from './analytics-queue.ts';

const view = (page: string) => ({ name: 'page_view', params: { page } });

describe('the analytics queue (docs/product.md §15)', () => {
  it('holds events until both ids are known, then sends them in order', () => {
    let step = track(initialQueue(false), view('/a'));
    step = track(step.state, view('/b'));
    expect(step.send).toEqual([]);
    step = identify(step.state, { clientId: '1.2', sessionId: 's1' });
    expect(step.send).toEqual([view('/a'), view('/b')]);
    expect(step.state.pending).toEqual([]);
    // from then on at once
    expect(track(step.state, view('/c')).send).toEqual([view('/c')]);
  });

  it('sends nothing in a GDPR country before consent, and drops everything on a refusal', () => {
    let step = identify(initialQueue(true), { clientId: '1.2', sessionId: 's1' });
    step = track(step.state, view('/a'));
    expect(step.send).toEqual([]);
    const granted = decide(step.state, 'granted');
    expect(granted.send).toEqual([view('/a')]);
    expect(track(granted.state, view('/b')).send).toEqual([view('/b')]);

    const refused = decide(track(step.state, view('/x')).state, 'denied');
    expect(refused.send).toEqual([]);
    expect(refused.state.pending).toEqual([]);
    expect(track(refused.state, view('/y'))).toEqual({ state: refused.state, send: [] });
  });

  it(`keeps at most ${MAX_PENDING} waiting events, the newest`, () => {
    let state = initialQueue(true);
    for (let i = 0; i < MAX_PENDING + 5; i++) state = track(state, view(`/${i}`)).state;
    expect(state.pending).toHaveLength(MAX_PENDING);
    expect(state.pending[0]).toEqual(view('/5'));
  });
});

describe('analytics ids (docs/product.md §13 cookies)', () => {
  it('makes and reads _ga and _ym_uid values', () => {
    const now = Date.UTC(2026, 10, 24);
    const ga = newGaCookie(now, () => 0.123456789);
    expect(ga).toBe(`GA1.1.123456789.${now / 1000}`);
    expect(gaClientIdOf(ga)).toBe(`123456789.${now / 1000}`);
    expect(gaClientIdOf('nonsense')).toBeNull();
    const ym = newYmUid(now, () => 0.5);
    expect(ym).toBe(`${now / 1000}500000000`);
    expect(ymUidOf(ym)).toBe(ym);
    expect(ymUidOf('12')).toBeNull();
  });

  it('keeps a session attribution for three sessions; utm and other sites replace it', () => {
    const page = new URL(
      'https://shop.test/en/?utm_source=newsletter&utm_medium=email&utm_campaign=nov',
    );
    let kept = attributionOf(page, '', null, true);
    expect(kept).toEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'nov',
      sessionsLeft: 3,
    });
    const plain = new URL('https://shop.test/en/');
    // the same session: unchanged; each new one counts down, then it is gone
    expect(attributionOf(plain, '', kept, false)).toEqual(kept);
    kept = attributionOf(plain, 'https://shop.test/en/blog/', kept, true);
    expect(kept?.sessionsLeft).toBe(2);
    kept = attributionOf(plain, '', kept, true);
    expect(kept?.sessionsLeft).toBe(1);
    expect(attributionOf(plain, '', kept, true)).toBeNull();
    expect(attributionOf(plain, 'https://www.google.com/', null, true)).toMatchObject({
      source: 'www.google.com',
      medium: 'referral',
    });
  });
});
