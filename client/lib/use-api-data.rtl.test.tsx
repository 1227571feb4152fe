/** @jest-environment jsdom */
import '../../tests/support/jsdom.ts';
import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { TIMING } from '../../shared/constants.ts';
import { ApiRefusal, fakeApi } from '../../tests/support/render.tsx';
import { useApiData } from './use-api-data.ts';

/** SPEC §8 and §9 for the cabinet's lists (levels, articles, statuses…). */
describe('useApiData', () => {
  let api: ReturnType<typeof fakeApi>;
  let answer: () => unknown;
  let logged: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    jest.useFakeTimers();
    answer = () => ({ levels: [1, 2] });
    api = fakeApi({ 'GET user/premium_statuses': () => answer() });
    logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    api.restore();
    logged.mockRestore();
    jest.useRealTimers();
  });
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

  it('keeps its loading state at least 200 ms, however fast the answer', async () => {
    const { result } = renderHook(() => useApiData('GET user/premium_statuses'));
    await wait(TIMING.minFetchDelayMs - 20);
    expect(result.current).toMatchObject({ loading: true, data: null });
    await wait(20);
    expect(result.current).toMatchObject({ loading: false, data: { levels: [1, 2] } });
  });

  it('logs a failure to the console and keeps the list it had', async () => {
    const { result } = renderHook(() => useApiData('GET user/premium_statuses'));
    await wait(TIMING.minFetchDelayMs);
    answer = () => new ApiRefusal(503, 'The service is temporary unavailable');
    act(() => result.current.retry());
    await wait(TIMING.minFetchDelayMs);
    expect(result.current.data).toEqual({ levels: [1, 2] });
    expect(result.current.error?.message).toBe('The service is temporary unavailable');
    expect(logged).toHaveBeenCalledWith('GET user/premium_statuses failed:', expect.anything());
  });
});
