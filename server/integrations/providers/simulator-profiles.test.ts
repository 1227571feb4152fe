import { createSimulator, DEFAULT_SIM_SERVICES } from './simulator.ts';
import { profileOf } from './simulator-profiles.ts';

/**
 * The simulator's spread: each service its own pace and share of partial and canceled orders,
 * drawn from its id (the same every run), so a fresh shop's service figures are not all equal.
 */
const KEY = 'sim-test-key';
const START = Date.UTC(2025, 0, 1);

describe('service profiles', () => {
  it('are the same for the same id, different across ids, and within their ranges', () => {
    expect(profileOf('INSTAGRAM_LIKES')).toEqual(profileOf('INSTAGRAM_LIKES'));
    const ids = Array.from({ length: 200 }, (_, index) => `SERVICE_${index}`);
    const profiles = ids.map(profileOf);
    for (const profile of profiles) {
      expect(profile.startFactor).toBeGreaterThanOrEqual(0.5);
      expect(profile.startFactor).toBeLessThanOrEqual(3);
      expect(profile.speedFactor).toBeGreaterThanOrEqual(0.25);
      expect(profile.speedFactor).toBeLessThanOrEqual(1.5);
      expect(profile.partialRate).toBeGreaterThanOrEqual(0);
      expect(profile.partialRate).toBeLessThanOrEqual(0.12);
      expect(profile.cancelRate).toBeGreaterThanOrEqual(0);
      expect(profile.cancelRate).toBeLessThanOrEqual(0.05);
    }
    // spread over their ranges, not bunched
    const starts = profiles.map((profile) => profile.startFactor);
    expect(Math.min(...starts)).toBeLessThan(0.8);
    expect(Math.max(...starts)).toBeGreaterThan(2.7);
    expect(new Set(profiles.map((profile) => profile.speedFactor)).size).toBeGreaterThan(50);
  });
});

describe('a simulator with spread', () => {
  function run(spread: boolean, service: string) {
    const clock = { now: START };
    const sim = createSimulator({
      key: KEY,
      now: () => clock.now,
      random: () => 0.999,
      startDelayMs: 60_000,
      speedPerMinute: 1000,
      spread,
    });
    const form = (params: Record<string, string>) =>
      sim.handle(new URLSearchParams({ key: KEY, ...params })) as Record<string, unknown>;
    const { order } = form({
      action: 'add',
      service,
      link: 'https://x.test/p/1',
      quantity: '1000',
    });
    /** ms until the order is first not Pending, and until it is Completed (1 s steps) */
    let started = -1;
    for (let at = 0; at < 10 * 3_600_000; at += 1000) {
      clock.now = START + at;
      const { status } = form({ action: 'status', order: String(order) });
      if (started < 0 && status !== 'Pending') started = at;
      if (status === 'Completed') return { started, completed: at };
    }
    throw new Error('never completed');
  }

  it("starts and delivers each service at its profile's pace", () => {
    for (const { service } of DEFAULT_SIM_SERVICES) {
      const profile = profileOf(service);
      const { started, completed } = run(true, service);
      expect(started).toBe(Math.ceil((60_000 * profile.startFactor) / 1000) * 1000);
      const minutes = (completed - started) / 60_000;
      expect(minutes).toBeCloseTo(1 / profile.speedFactor, 1);
    }
  });

  it('runs every service at the settings without it', () => {
    for (const { service } of DEFAULT_SIM_SERVICES)
      expect(run(false, service)).toEqual({ started: 60_000, completed: 120_000 });
  });

  it("ends a service's orders partial or canceled by its own shares", () => {
    // the fate draw: below the cancel share Canceled, then Partial below both together
    const id = DEFAULT_SIM_SERVICES.map(({ service }) => service).find(
      (each) => profileOf(each).cancelRate > 0.005 && profileOf(each).partialRate > 0.005,
    )!;
    const profile = profileOf(id);
    const fateOf = (draw: number) => {
      const draws = [0.5, draw, 0.5, 0.5]; // refusal, fate, partial share, start count
      const sim = createSimulator({
        key: KEY,
        now: () => START,
        random: () => draws.shift() ?? 0.5,
        spread: true,
      });
      sim.handle(
        new URLSearchParams({ key: KEY, action: 'add', service: id, link: 'x', quantity: '1000' }),
      );
      return sim.orders.get('1')!.fate;
    };
    expect(fateOf(profile.cancelRate / 2)).toBe('Canceled');
    expect(fateOf(profile.cancelRate + profile.partialRate / 2)).toBe('Partial');
    expect(fateOf(profile.cancelRate + profile.partialRate + 0.001)).toBe('Completed');
  });
});
