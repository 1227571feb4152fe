/** @jest-environment jsdom */
import '#tests/support/jsdom.ts';
import { screen } from '@testing-library/react';
import { appStore, renderPage, visitorState } from '#tests/support/render.tsx';
import { ReferralLink } from './referral-link.tsx';

describe('the referral link card', () => {
  it.each([
    ['en', '/en/?ref=AbCd2345'],
    ['de', '/de/?ref=AbCd2345'],
    ['ru', '/?ref=AbCd2345'],
  ] as const)('in the %s cabinet gives the %s home page with the code', (locale, path) => {
    const store = appStore({ visitor: visitorState({ locale, publicUrl: 'https://b.example' }) });
    renderPage(<ReferralLink code="AbCd2345" />, { store, sets: ['cabinet', 'cabinet-screens'] });
    expect((screen.getByTestId('referral-link') as HTMLInputElement).value).toBe(
      `https://b.example${path}`,
    );
  });
});
