import { createIntl } from 'react-intl';
import enStaff from '#locales/staff/en.json' with { type: 'json' };
import ruStaff from '#locales/staff/ru.json' with { type: 'json' };
import { NOTE_IDS, noteOf, noteText } from './staff-notes.ts';

const intlOf = (lang: 'ru' | 'en') =>
  createIntl({ locale: lang, messages: lang === 'ru' ? ruStaff : enStaff, onError: () => {} });

/** Notes as the server writes them (where, beside each), and what the console says. */
const WRITTEN: [note: string, id: string, russian: string][] = [
  // orders.service.ts, order-placement.ts
  ['paid', 'staff.note.paid', 'Оплачен'],
  ['paid from balance', 'staff.note.paidFromBalance', 'Оплачен с баланса'],
  ['not paid in time', 'staff.note.notPaidInTime', 'Не оплачен вовремя'],
  ['payment failed', 'staff.note.paymentFailed', 'Оплата не прошла'],
  // own-orders.ts, subscriptions.ts
  ['canceled by the buyer', 'staff.note.canceledByBuyer', 'Отменён покупателем'],
  ['cancel requested', 'staff.note.cancelRequested', 'Покупатель запросил отмену у поставщика'],
  [
    'refill requested: 77',
    'staff.note.refillRequested',
    'Покупатель запросил восполнение у поставщика (номер 77)',
  ],
  // order-lifecycle.ts
  ['follows its links', 'staff.note.followsLinks', 'Статус по ссылкам заказа'],
  [
    'refund due to the buyer: 1450 USD',
    'staff.note.refundDueBuyer',
    'Нужно вернуть покупателю (гостю): 14,50 $',
  ],
  ['refund due: 30000 RUB', 'staff.note.refundDue', 'Нужно вернуть (гостю): 300 ₽'],
  [
    '3 unused posts refunded',
    'staff.note.unusedRefunded',
    'Возвращены деньги за 3 неиспользованных поста',
  ],
  ['the subscription expired', 'staff.note.subscriptionExpired', 'Срок подписки истёк'],
  ['every post ordered', 'staff.note.everyPostOrdered', 'Заказаны все посты'],
  ['watching natgeo', 'staff.note.watching', 'Следим за аккаунтом natgeo'],
  ['paused: the account is private', 'staff.note.paused', 'Приостановлен: the account is private'],
  ['the account is visible again', 'staff.note.visibleAgain', 'Аккаунт снова виден'],
  // order-work.ts, fulfilment.service.ts, order-upstream-actions.ts
  [
    'submit outcome unknown: check with the provider',
    'staff.note.checkNeeded',
    'Неизвестно, принял ли поставщик заказ: проверьте у поставщика',
  ],
  ['no provider for IG_LIKES', 'staff.note.noProvider', 'Нет поставщика для IG_LIKES'],
  [
    'submitted to simulator as 7',
    'staff.note.submitted',
    'Отправлен поставщику simulator, номер у него 7',
  ],
  [
    'refused by panel: Not enough funds',
    'staff.note.refusedBy',
    'Поставщик panel отказал: Not enough funds',
  ],
  [
    'panel unreachable for too long',
    'staff.note.unreachable',
    'Поставщик panel слишком долго недоступен',
  ],
  ['simulator: Completed', 'staff.note.providerEnd', 'Поставщик simulator: выполнен'],
  ['panel: Partial', 'staff.note.providerEnd', 'Поставщик panel: выполнен частично'],
  // staff-orders.ts
  ['switched to panel by staff', 'staff.note.switched', 'Сотрудник переключил на поставщика panel'],
  ['sent again by staff', 'staff.note.sentAgain', 'Сотрудник отправил снова'],
  [
    'canceled by staff, refunded',
    'staff.note.staffCanceled',
    'Отменён сотрудником, деньги возвращены',
  ],
  [
    'canceled by staff, refunded; the provider offers no cancel',
    'staff.note.staffCanceledNoCancel',
    'Отменён сотрудником, деньги возвращены; поставщик не поддерживает отмену',
  ],
  [
    'canceled by staff, refunded; canceled at the provider',
    'staff.note.staffCanceledAtProvider',
    'Отменён сотрудником, деньги возвращены; отменён и у поставщика',
  ],
  [
    'canceled by staff, refunded; the provider did not cancel: Order is not cancellable',
    'staff.note.staffCanceledNotAtProvider',
    'Отменён сотрудником, деньги возвращены; поставщик не отменил: Order is not cancellable',
  ],
  [
    'marked partial by staff: 420 delivered',
    'staff.note.markedPartial',
    'Сотрудник отметил частичным: выполнено 420',
  ],
  // ledger rows: order-lifecycle.ts, subscriptions.ts, referrals, withdrawals
  ['canceled: k3Yd9qZx', 'staff.note.refundOf', 'Возврат (заказ отменён): k3Yd9qZx'],
  ['partial: k3Yd9qZx-2', 'staff.note.refundOf', 'Возврат (заказ выполнен частично): k3Yd9qZx-2'],
  [
    '2 unused posts: k3Yd9qZx',
    'staff.note.unusedPosts',
    'Возврат за 2 неиспользованных поста: k3Yd9qZx',
  ],
  ['referral: k3Yd9qZx-1', 'staff.note.referral', 'Реферальный бонус: k3Yd9qZx-1'],
  ['withdrawal: W123', 'staff.note.withdrawal', 'Вывод: W123'],
  ['withdrawal returned: W123', 'staff.note.withdrawalReturned', 'Вывод возвращён: W123'],
];

describe('order history and ledger notes', () => {
  it.each(WRITTEN)('%s', (note, id, russian) => {
    expect(noteOf(note)?.id).toBe(id);
    expect(noteText(intlOf('ru'), note).replace(/\s/g, ' ')).toBe(russian);
    const english = noteText(intlOf('en'), note);
    expect(english).not.toMatch(/[а-яё{}]/i);
  });

  it('knows every note it names in both languages, and each is written somewhere above', () => {
    for (const [, id] of NOTE_IDS) {
      expect(ruStaff).toHaveProperty([id]);
      expect(enStaff).toHaveProperty([id]);
      expect(WRITTEN.map(([, written]) => written)).toContain(id);
    }
  });

  it('shows a note it does not know (an adjustment’s reason) as it is', () => {
    expect(noteText(intlOf('ru'), 'Goodwill for a canceled order')).toBe(
      'Goodwill for a canceled order',
    );
    expect(noteText(intlOf('ru'), null)).toBe('—');
  });
});
