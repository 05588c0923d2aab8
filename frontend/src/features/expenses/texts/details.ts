import type { Texts } from '../../../i18n/types.js';

/** The expense details page. */
export const en = {
  details: {
    title: 'Expense {{number}}',
    amount: 'Amount',
    rate: 'Exchange rate',
    rateValue: '1 USD = {{rate}} IQD',
    method: 'Payment method',
    reference: 'Reference',
    receipt: 'Receipt',
    openReceipt: 'Open receipt',
    vendorContact: 'Vendor contact',
    notes: 'Notes',
    history: 'Status history',
    recorded: 'Recorded',
    changedBy: '{{status}} by {{name}}',
    changedBySystem: '{{status}} (created on its due date)',
  },
};

export const ku: Texts<typeof en> = {
  details: {
    title: 'خەرجیی {{number}}',
    amount: 'بڕ',
    rate: 'نرخی ئاڵوگۆڕ',
    rateValue: '١ دۆلار = {{rate}} دینار',
    method: 'شێوازی پارەدان',
    reference: 'ژمارەی ئاماژە',
    receipt: 'پسوڵە',
    openReceipt: 'کردنەوەی پسوڵە',
    vendorContact: 'پەیوەندیی فرۆشیار',
    notes: 'تێبینییەکان',
    history: 'مێژووی دۆخ',
    recorded: 'تۆمارکرا',
    changedBy: '{{status}} لەلایەن {{name}}',
    changedBySystem: '{{status}} (لە بەرواری خۆیدا دروستکرا)',
  },
};
