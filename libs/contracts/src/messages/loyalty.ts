// Loyalty's texts: redemption refusals, settings and customers, in English and Kurdish; merged by messages.ts.

export const loyaltyEn = {
  'loyalty.minimumPointsError': 'The number of points is below the minimum that can be redeemed',
  'loyalty.insufficientPointsError': 'The customer does not have enough points',
  'loyalty.disabled': 'The loyalty program is turned off',
  'loyalty.discountNotPoints':
    'No whole number of points is worth {amount}. Send the points redeemed, or a loyalty discount that whole points make.',
  'loyalty.minimumBalanceError': 'The customer needs at least {minimum} points before redeeming',
  'loyalty.settingsSaved': 'Settings saved successfully',
  'loyalty.statusTiersOrder': 'Silver, gold and platinum thresholds must increase in that order',
  'loyalty.reservationMismatch': 'This sale already reserved points with different details',
  'customers.duplicatePhone': 'A customer with this phone number already exists: {name}',
  'customers.deleted': 'Customer deleted',
} as const satisfies Record<string, string>;

export const loyaltyKu: Record<keyof typeof loyaltyEn, string> = {
  'loyalty.minimumPointsError': 'ژمارەی خاڵەکان لە کەمترین ژمارەی ڕێگەپێدراو بۆ بەکارهێنان کەمترە',
  'loyalty.insufficientPointsError': 'کڕیار خاڵی پێویستی نییە',
  'loyalty.disabled': 'بەرنامەی دڵسۆزی ناچالاکە',
  'loyalty.discountNotPoints':
    'هیچ ژمارەیەکی تەواوی خاڵ بەهاکەی {amount} نییە. خاڵە بەکارهاتووەکان بنێرە، یان داشکاندنێکی دڵسۆزی کە خاڵی تەواو دروستی دەکەن.',
  'loyalty.minimumBalanceError': 'کڕیار پێش بەکارهێنانی خاڵ پێویستی بە لانیکەم {minimum} خاڵ هەیە',
  'loyalty.settingsSaved': 'ڕێکخستنەکان بە سەرکەوتوویی پاشەکەوت کران',
  'loyalty.statusTiersOrder': 'سنووری زیو، ئاڵتوون و پلاتین دەبێت بەو ڕیزبەندییە زیاد بن',
  'loyalty.reservationMismatch': 'ئەم فرۆشتنە پێشتر بە وردەکاری جیاوازەوە خاڵی گل داوەتەوە',
  'customers.duplicatePhone': 'کڕیارێک بەم ژمارە تەلەفۆنەوە پێشتر هەیە: {name}',
  'customers.deleted': 'کڕیار سڕایەوە',
};
