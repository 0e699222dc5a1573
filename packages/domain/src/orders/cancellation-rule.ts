// spec §4 cancellable statuses in the merchant's words: RECEIVED, WAITING_FOR_TRANSPORT and
// ASSIGNED_TO_TRANSPORT come before a rider accepts; an edit makes an order MODIFIED, which is cancellable
// again until the rider's next step (NEAR_VENDOR). The terms (locale terms.cancellation.body), the help
// centre's FAQ and the cancel dialog all state this one sentence, so they cannot disagree.
export const CANCELLATION_RULE = {
  en: 'You can cancel an order until a rider accepts it. After you edit an order, you can cancel it again until the rider reaches the pickup, even when a rider is already on the way. After that, contact the rider or your account manager to stop it.',
  ur_alt:
    'آپ کسی آرڈر کو اس وقت تک منسوخ کر سکتے ہیں جب تک کوئی رائیڈر اسے قبول نہ کر لے۔ آرڈر میں ترمیم کے بعد آپ اسے رائیڈر کے پک اپ پر پہنچنے تک دوبارہ منسوخ کر سکتے ہیں، چاہے رائیڈر راستے میں ہو۔ اس کے بعد اسے روکنے کے لیے رائیڈر یا اپنے اکاؤنٹ مینیجر سے رابطہ کریں۔',
} as const;
