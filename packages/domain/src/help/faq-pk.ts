// The Pakistan help centre articles (spec §3 "FAQ data"), in English and Urdu, one id per article in both. Every
// figure comes from the constant the product charges or checks by, and the cancellation rule is the one sentence
// the terms and the cancel dialog say, so an article cannot disagree with the product.
import {
  ASAP_MINUTES,
  BULK_FILE_MAX_BYTES,
  MAX_ITEM_WEIGHT_KG,
  PREORDER_WINDOW_DAYS,
  RESET_CODE_LENGTH,
} from '../constants.ts';
import { FEE_FORMULAS } from '../money.ts';
import { CANCELLATION_RULE } from '../orders/cancellation-rule.ts';
import type { FaqArticle } from './faq-article.ts';

const pk = FEE_FORMULAS.PK;
const BULK_MB = BULK_FILE_MAX_BYTES / (1024 * 1024);

/** The prohibited items of the prohibited-items page, as the FAQ states them. */
export const PROHIBITED_ITEMS = {
  en: [
    'weapons and replicas',
    'drugs and medicines on prescription',
    'flammable or explosive goods',
    'alcohol',
    'cash and valuables',
    'live animals',
    `items heavier than ${MAX_ITEM_WEIGHT_KG} kg`,
    'anything illegal',
  ],
  ur_alt: [
    'ہتھیار اور ان کی نقلیں',
    'منشیات اور نسخے والی دوائیں',
    'آتش گیر یا دھماکہ خیز اشیاء',
    'شراب',
    'نقدی اور قیمتی اشیاء',
    'زندہ جانور',
    `${MAX_ITEM_WEIGHT_KG} کلو سے زیادہ وزنی اشیاء`,
    'کوئی بھی غیر قانونی چیز',
  ],
} as const;

export const FAQ_PK_EN: readonly FaqArticle[] = [
  {
    id: 'request-a-rider',
    question: 'How do I request a rider?',
    answer: `Choose your branch in the menu at the top and open Request. Type the customer's address (a street, area or landmark, or "lat, lng") and pick it from the list, or drag the pin on the map. Fill in the customer's name and phone, what the rider carries and its value, choose the payment method and the delivery time, check the fee and the total, then press Request rider. A nearby rider accepts and comes to your collection point; an order for now is delivered within about ${ASAP_MINUTES} minutes. If you leave the page before sending, the request you typed is kept and comes back when you open Request again.`,
  },
  {
    id: 'what-can-i-send',
    question: 'What can I send with a rider?',
    answer: `Any item that is not restricted, fits the delivery bag and weighs at most ${MAX_ITEM_WEIGHT_KG} kg: food, groceries, documents and parcels.`,
  },
  {
    id: 'prohibited-items',
    question: 'Which items are prohibited?',
    answer: `Riders do not carry: ${PROHIBITED_ITEMS.en.join(', ')}.`,
  },
  {
    id: 'delivery-fee',
    question: 'How much does a delivery cost?',
    answer: `The delivery fee is a base of ${pk.base} ${pk.currency} plus ${pk.perKm} ${pk.currency} per kilometre by road. The exact fee is shown before you request the rider, with the order amount and the total the rider collects.`,
  },
  {
    id: 'schedule-order',
    question: 'Can I schedule a delivery for later (pre-order)?',
    answer: `Yes. Under Delivery time choose Schedule for later and pick the day and time, up to ${PREORDER_WINDOW_DAYS} days ahead, in Karachi time and within the service hours. While the service is closed you can still schedule a delivery for when it opens. A scheduled order is listed under Scheduled in Tracking with its time, and we look for a rider shortly before then. You can change its time by editing the order until it is due.`,
  },
  {
    id: 'edit-order',
    question: 'How do I edit an order?',
    answer:
      'Open the order in Tracking and choose Edit order, change what you need and press Update order. An order can be edited until the rider has collected the item; a new drop-off address is quoted again. An order paid by card cannot be edited, because its charge is fixed: cancel it (it is refunded) and request a new one. Guest orders cannot be edited.',
  },
  {
    id: 'cancel-order',
    question: 'How do I cancel an order?',
    answer: `Open the order in Tracking and choose Cancel rider, then pick a reason. ${CANCELLATION_RULE.en}`,
  },
  {
    id: 'card-payments-refunds',
    question: 'How do card payments and refunds work?',
    answer:
      'Where card payment is available, choose Pay by card as the payment method: you pay the delivery fee by card when you request the rider, and the rider collects nothing. You can save a card for next time. If the card is declined or its 3-D Secure check fails, no order is placed and your request stays filled in so you can try again. A card-paid order that is cancelled, or that the rider returns, is refunded to the same card automatically; the order shows "Refund in progress" and then "Refunded", and the refund appears in History and in its exports.',
    keywords: 'refund refunded money back charge credit card visa mastercard 3ds',
  },
  {
    id: 'cash-on-delivery',
    question: 'How does cash on delivery work?',
    answer:
      'With Cash on delivery the rider collects the order amount and the delivery fee from the customer in cash; the total to collect is shown before you request the rider and on the order in Tracking. Choose Already paid when the customer has paid you: the rider collects nothing and the delivery fee goes on your statement. A cancelled order collects nothing. Cash the riders collect is handed over as agreed with your account manager and listed on your monthly statement.',
    keywords: 'cod cash payment collect paid',
  },
  {
    id: 'vouchers',
    question: 'How do I use a voucher?',
    answer:
      'On the Request page type the code in Voucher code and press Apply. The discount is taken off the delivery fee and shown in the payment summary; Remove the voucher takes it off again. A voucher that has expired, or does not apply to this order, says why under the field.',
    keywords: 'voucher promo code discount coupon',
  },
  {
    id: 'collection-points',
    question: 'How do I add or edit a collection point?',
    answer:
      'A collection point is a branch or outlet where riders collect. In the branch menu choose Add collection point, give it an ID, a name, its address (search it or drag the marker), its phone and notes for the rider, and the e-mails of its owners. It takes a few minutes to become available; you are told when it is ready. To change one, press the edit button beside it in the branch menu: its ID cannot be changed. The map shows the areas your other outlets deliver to. New owners get an e-mail invitation to set a password; owners who already have an account accept with their password.',
    keywords: 'outlet branch pickup location owner',
  },
  {
    id: 'bulk-orders',
    question: 'Can I request many riders at once?',
    answer: `Yes: on the Bulk order page download the template, fill in one order per row (cash on delivery or paid; scheduled rows within the next ${PREORDER_WINDOW_DAYS} days) and upload the file (XLSX or CSV, at most ${BULK_MB} MB). Every row is checked like an order on the Request page: rows with a problem are listed with their reasons and only the good rows are placed. Orders paid by card are requested on the Request page.`,
    keywords: 'bulk upload spreadsheet excel xlsx csv template many orders',
  },
  {
    id: 'exports-statements',
    question: 'How do I export my orders or get a monthly statement?',
    answer:
      'In History choose the period and status, then Export: download a CSV or an Excel (XLSX) file, or have a download link sent by e-mail for a large period (links stay valid for 7 days). Monthly statement gives the delivered and returned orders of a month, with fees, discounts, VAT numbers, the cash riders collected and totals, as an Excel file or a PDF in your language.',
    keywords: 'export download csv xlsx excel statement invoice pdf report history',
  },
  {
    id: 'tracking-link',
    question: 'How can my customer follow the delivery?',
    answer:
      'Open the order in Tracking and choose Copy tracking link, then send the link to your customer. The page shows where the order is, the rider on the map and the expected arrival, without an account. You follow every order live in Tracking, with proofs of collection, delivery or return when the rider takes them.',
    keywords: 'tracking link share customer live map proof',
  },
  {
    id: 'rider-late',
    question: 'My rider is late. What can I do?',
    answer:
      'Follow the rider on the map in Tracking. If the order is delayed, contact support about that order from this help centre.',
  },
  {
    id: 'guest-orders',
    question: 'Can I order without an account?',
    answer:
      'Yes, where guest orders are offered: on the login page choose Request a rider without an account, give the pickup address and your contact details, then request the rider as usual. This browser remembers your last pickup for the next visit. As a guest you find your orders by the customer phone number and cannot edit them. Create an account (or log in) to keep them: your guest orders move into your account.',
    keywords: 'guest without account register sign up',
  },
  {
    id: 'account-and-team',
    question: 'How do I manage my account and my team?',
    answer: `Everyone who requests riders for a collection point is one of its owners: add or remove owner e-mails when you edit the collection point. Forgot your password? Choose Forgot your password? on the login page and enter the ${RESET_CODE_LENGTH}-digit code we e-mail you. Log out from the account menu; logging out in one tab logs you out in every tab, and a request you were typing is kept for your next login.`,
    keywords: 'account team users owners password login logout',
  },
  {
    id: 'service-hours-areas',
    question: 'When and where do riders deliver?',
    answer: `Riders deliver during the service hours shown on the Request page, in Karachi time; outside them you can schedule an order for when the service opens. Each collection point delivers within its own area. When an address is outside it, the Request page says how far it is and, when another of your branches delivers there, offers to request from that branch.`,
    keywords: 'service hours open closed area distance km zone',
  },
  {
    id: 'contact-support',
    question: 'How do I contact support?',
    answer:
      'Below the articles of this help centre, choose the order, write what happened and press Send to support. You get a ticket number at once and a confirmation by e-mail, and support answers by e-mail.',
    keywords: 'support ticket help contact complaint',
  },
];

export const FAQ_PK_UR: readonly FaqArticle[] = [
  {
    id: 'request-a-rider',
    question: 'میں رائیڈر کیسے بلاؤں؟',
    answer: `اوپر کے مینو میں اپنی برانچ منتخب کریں اور درخواست کھولیں۔ گاہک کا پتہ لکھیں (گلی، علاقہ یا کوئی مشہور جگہ، یا "lat, lng") اور فہرست سے چنیں، یا نقشے پر پن کھسکائیں۔ گاہک کا نام اور فون، رائیڈر کیا لے جائے گا اور اس کی قیمت لکھیں، ادائیگی کا طریقہ اور ڈیلیوری کا وقت چنیں، فیس اور کل رقم دیکھیں، پھر رائیڈر بلائیں دبائیں۔ قریبی رائیڈر آرڈر قبول کر کے آپ کے کلیکشن پوائنٹ پر آتا ہے؛ ابھی کا آرڈر تقریباً ${ASAP_MINUTES} منٹ میں پہنچ جاتا ہے۔ اگر آپ بھیجنے سے پہلے صفحہ چھوڑ دیں تو لکھی ہوئی درخواست محفوظ رہتی ہے اور درخواست دوبارہ کھولنے پر واپس آ جاتی ہے۔`,
    keywords: 'request rider order درخواست',
  },
  {
    id: 'what-can-i-send',
    question: 'میں رائیڈر کے ذریعے کیا بھیج سکتا ہوں؟',
    answer: `کوئی بھی غیر ممنوعہ چیز جو ڈیلیوری بیگ میں آ جائے اور جس کا وزن زیادہ سے زیادہ ${MAX_ITEM_WEIGHT_KG} کلو ہو: کھانا، گروسری، دستاویزات اور پارسل۔`,
  },
  {
    id: 'prohibited-items',
    question: 'کون سی اشیاء ممنوع ہیں؟',
    answer: `رائیڈر یہ چیزیں نہیں لے جاتے: ${PROHIBITED_ITEMS.ur_alt.join('، ')}۔`,
  },
  {
    id: 'delivery-fee',
    question: 'ڈیلیوری کی قیمت کتنی ہے؟',
    answer: `ڈیلیوری فیس ${pk.base} ${pk.currency} بنیادی رقم اور سڑک کے ہر کلومیٹر کے ${pk.perKm} ${pk.currency} ہے۔ رائیڈر منگوانے سے پہلے درست فیس، آرڈر کی رقم اور رائیڈر کی وصول کی جانے والی کل رقم دکھائی جاتی ہے۔`,
    keywords: 'fee price cost فیس',
  },
  {
    id: 'schedule-order',
    question: 'کیا میں ڈیلیوری بعد کے لیے شیڈول کر سکتا ہوں (پری آرڈر)؟',
    answer: `جی ہاں۔ ڈیلیوری کا وقت میں بعد کے لیے شیڈول کریں چنیں اور دن اور وقت منتخب کریں، ${PREORDER_WINDOW_DAYS} دن آگے تک، کراچی کے وقت کے مطابق اور سروس کے اوقات کے اندر۔ سروس بند ہونے کے دوران بھی آپ ڈیلیوری اس وقت کے لیے شیڈول کر سکتے ہیں جب سروس کھلے۔ شیڈول شدہ آرڈر ٹریکنگ میں طے شدہ کے تحت اپنے وقت کے ساتھ نظر آتا ہے، اور ہم اس وقت سے کچھ پہلے رائیڈر تلاش کرتے ہیں۔ وقت آنے تک آپ آرڈر میں ترمیم کر کے اس کا وقت بدل سکتے ہیں۔`,
    keywords: 'schedule later preorder pre-order شیڈول',
  },
  {
    id: 'edit-order',
    question: 'میں آرڈر میں ترمیم کیسے کروں؟',
    answer:
      'ٹریکنگ میں آرڈر کھولیں اور آرڈر میں ترمیم کریں چنیں، جو بدلنا ہو بدلیں اور آرڈر اپ ڈیٹ کریں دبائیں۔ رائیڈر کے سامان اٹھانے تک آرڈر میں ترمیم ہو سکتی ہے؛ نئے ڈراپ آف پتے کی فیس دوبارہ بتائی جاتی ہے۔ کارڈ سے ادا شدہ آرڈر میں ترمیم نہیں ہو سکتی کیونکہ اس کی رقم طے ہو چکی ہے: اسے منسوخ کریں (رقم واپس ہو جاتی ہے) اور نیا آرڈر دیں۔ مہمان آرڈرز میں ترمیم نہیں ہو سکتی۔',
    keywords: 'edit change modify update ترمیم',
  },
  {
    id: 'cancel-order',
    question: 'میں آرڈر کیسے منسوخ کروں؟',
    answer: `ٹریکنگ میں آرڈر کھولیں، رائیڈر منسوخ کریں چنیں اور وجہ بتائیں۔ ${CANCELLATION_RULE.ur_alt}`,
    keywords: 'cancel منسوخ',
  },
  {
    id: 'card-payments-refunds',
    question: 'کارڈ سے ادائیگی اور ریفنڈ (رقم کی واپسی) کیسے ہوتے ہیں؟',
    answer:
      'جہاں کارڈ سے ادائیگی دستیاب ہو، ادائیگی کے طریقے میں کارڈ سے ادائیگی چنیں: آپ رائیڈر بلاتے وقت ڈیلیوری فیس کارڈ سے ادا کرتے ہیں اور رائیڈر کچھ وصول نہیں کرتا۔ آپ کارڈ اگلی بار کے لیے محفوظ کر سکتے ہیں۔ اگر کارڈ مسترد ہو جائے یا اس کی 3-D Secure تصدیق ناکام ہو تو کوئی آرڈر نہیں بنتا اور آپ کی درخواست بھری رہتی ہے تاکہ آپ دوبارہ کوشش کر سکیں۔ کارڈ سے ادا شدہ آرڈر منسوخ ہو یا رائیڈر اسے واپس لے آئے تو رقم خود بخود اسی کارڈ پر واپس (ریفنڈ) ہو جاتی ہے؛ آرڈر پر پہلے "رقم کی واپسی جاری ہے" اور پھر "رقم واپس کر دی گئی" لکھا آتا ہے، اور ریفنڈ ہسٹری اور اس کے ایکسپورٹ میں بھی نظر آتا ہے۔',
    keywords: 'refund refunded card payment ریفنڈ واپسی کارڈ',
  },
  {
    id: 'cash-on-delivery',
    question: 'کیش آن ڈیلیوری کیسے کام کرتی ہے؟',
    answer:
      'کیش آن ڈیلیوری میں رائیڈر گاہک سے آرڈر کی رقم اور ڈیلیوری فیس نقد وصول کرتا ہے؛ وصول کی جانے والی کل رقم رائیڈر بلانے سے پہلے اور ٹریکنگ میں آرڈر پر دکھائی جاتی ہے۔ اگر گاہک آپ کو پہلے ہی ادائیگی کر چکا ہو تو ادائیگی ہو چکی ہے چنیں: رائیڈر کچھ وصول نہیں کرتا اور ڈیلیوری فیس آپ کے اسٹیٹمنٹ میں آتی ہے۔ منسوخ شدہ آرڈر پر کچھ وصول نہیں ہوتا۔ رائیڈرز کی وصول کی گئی نقدی آپ کے اکاؤنٹ مینیجر کے ساتھ طے شدہ طریقے سے دی جاتی ہے اور ماہانہ اسٹیٹمنٹ میں درج ہوتی ہے۔',
    keywords: 'cash on delivery cod نقد کیش',
  },
  {
    id: 'vouchers',
    question: 'میں واؤچر کیسے استعمال کروں؟',
    answer:
      'درخواست کے صفحے پر واؤچر کوڈ میں کوڈ لکھیں اور لاگو کریں دبائیں۔ رعایت ڈیلیوری فیس سے کم ہو کر ادائیگی کے خلاصے میں دکھائی جاتی ہے؛ واؤچر ہٹائیں سے اسے واپس ہٹایا جا سکتا ہے۔ اگر واؤچر کی مدت ختم ہو چکی ہو یا وہ اس آرڈر پر لاگو نہ ہو تو خانے کے نیچے وجہ لکھی آتی ہے۔',
    keywords: 'voucher promo code discount رعایت',
  },
  {
    id: 'collection-points',
    question: 'میں کلیکشن پوائنٹ کیسے شامل کروں یا اس میں ترمیم کروں؟',
    answer:
      'کلیکشن پوائنٹ وہ برانچ یا آؤٹ لیٹ ہے جہاں سے رائیڈر سامان اٹھاتے ہیں۔ برانچ مینو میں کلیکشن پوائنٹ شامل کریں چنیں، اس کی آئی ڈی، نام، پتہ (تلاش کریں یا مارکر کھسکائیں)، فون، رائیڈر کے لیے ہدایات اور مالکان کی ای میلز لکھیں۔ اسے دستیاب ہونے میں چند منٹ لگتے ہیں؛ تیار ہونے پر آپ کو بتایا جاتا ہے۔ ترمیم کے لیے برانچ مینو میں اس کے ساتھ والا ترمیم کا بٹن دبائیں: اس کی آئی ڈی نہیں بدلی جا سکتی۔ نقشے پر وہ علاقے دکھائے جاتے ہیں جہاں آپ کے دوسرے آؤٹ لیٹ ڈیلیور کرتے ہیں۔ نئے مالکان کو پاس ورڈ بنانے کی دعوت ای میل سے ملتی ہے؛ جن مالکان کا پہلے سے اکاؤنٹ ہو وہ اپنے پاس ورڈ سے قبول کرتے ہیں۔',
    keywords: 'collection point outlet branch کلیکشن پوائنٹ آؤٹ لیٹ',
  },
  {
    id: 'bulk-orders',
    question: 'کیا میں ایک ساتھ کئی رائیڈر منگوا سکتا ہوں؟',
    answer: `جی ہاں: بلک آرڈر صفحے سے ٹیمپلیٹ ڈاؤن لوڈ کریں، ہر قطار میں ایک آرڈر لکھیں (کیش آن ڈیلیوری یا ادائیگی ہو چکی ہے؛ شیڈول شدہ قطاریں اگلے ${PREORDER_WINDOW_DAYS} دن کے اندر) اور فائل اپ لوڈ کریں (XLSX یا CSV، زیادہ سے زیادہ ${BULK_MB} MB)۔ ہر قطار درخواست کے صفحے کے آرڈر کی طرح جانچی جاتی ہے: جن قطاروں میں مسئلہ ہو وہ وجوہات کے ساتھ دکھائی جاتی ہیں اور صرف درست قطاروں کے آرڈر دیے جاتے ہیں۔ کارڈ سے ادا ہونے والے آرڈر درخواست کے صفحے سے دیں۔`,
    keywords: 'bulk upload excel xlsx csv template بلک',
  },
  {
    id: 'exports-statements',
    question: 'میں اپنے آرڈرز کیسے ایکسپورٹ کروں یا ماہانہ اسٹیٹمنٹ کیسے لوں؟',
    answer:
      'ہسٹری میں مدت اور اسٹیٹس چنیں، پھر ایکسپورٹ: CSV یا ایکسل (XLSX) فائل ڈاؤن لوڈ کریں، یا بڑی مدت کے لیے ڈاؤن لوڈ لنک ای میل پر منگوائیں (لنک 7 دن تک کارآمد رہتے ہیں)۔ ماہانہ اسٹیٹمنٹ میں کسی مہینے کے ڈیلیور اور واپس ہونے والے آرڈرز، فیس، رعایتیں، VAT نمبر، رائیڈرز کی وصول کی گئی نقدی اور کل رقوم ہوتی ہیں، ایکسل فائل یا آپ کی زبان میں PDF کی صورت میں۔',
    keywords: 'export download csv xlsx excel statement pdf ایکسپورٹ اسٹیٹمنٹ',
  },
  {
    id: 'tracking-link',
    question: 'میرا گاہک ڈیلیوری کو کیسے دیکھ سکتا ہے؟',
    answer:
      'ٹریکنگ میں آرڈر کھولیں اور ٹریکنگ لنک کاپی کریں چنیں، پھر یہ لنک گاہک کو بھیجیں۔ اس صفحے پر اکاؤنٹ کے بغیر آرڈر کی صورتحال، نقشے پر رائیڈر اور متوقع آمد کا وقت نظر آتا ہے۔ آپ ہر آرڈر کو ٹریکنگ میں براہِ راست دیکھتے ہیں، اور رائیڈر کی لی گئی وصولی، ڈیلیوری یا واپسی کی تصاویر بھی۔',
    keywords: 'tracking link share customer ٹریکنگ لنک',
  },
  {
    id: 'rider-late',
    question: 'میرا رائیڈر دیر سے ہے۔ میں کیا کروں؟',
    answer:
      'ٹریکنگ میں نقشے پر رائیڈر کو دیکھیں۔ اگر آرڈر میں تاخیر ہو تو اسی ہیلپ سینٹر سے اس آرڈر کے بارے میں سپورٹ سے رابطہ کریں۔',
    keywords: 'late delay تاخیر',
  },
  {
    id: 'guest-orders',
    question: 'کیا میں اکاؤنٹ کے بغیر آرڈر دے سکتا ہوں؟',
    answer:
      'جی ہاں، جہاں مہمان آرڈر دستیاب ہوں: لاگ اِن صفحے پر اکاؤنٹ کے بغیر رائیڈر منگوائیں چنیں، پک اپ کا پتہ اور اپنی رابطہ تفصیلات دیں، پھر معمول کے مطابق رائیڈر بلائیں۔ یہ براؤزر اگلی بار کے لیے آپ کا آخری پک اپ یاد رکھتا ہے۔ مہمان کے طور پر آپ اپنے آرڈر گاہک کے فون نمبر سے تلاش کرتے ہیں اور ان میں ترمیم نہیں کر سکتے۔ انہیں محفوظ رکھنے کے لیے اکاؤنٹ بنائیں (یا لاگ اِن کریں): آپ کے مہمان آرڈرز آپ کے اکاؤنٹ میں منتقل ہو جاتے ہیں۔',
    keywords: 'guest without account register مہمان',
  },
  {
    id: 'account-and-team',
    question: 'میں اپنا اکاؤنٹ اور اپنی ٹیم کیسے سنبھالوں؟',
    answer: `کلیکشن پوائنٹ کے لیے رائیڈر بلانے والا ہر شخص اس کا مالک ہوتا ہے: کلیکشن پوائنٹ میں ترمیم کرتے وقت مالکان کی ای میلز شامل کریں یا ہٹائیں۔ پاس ورڈ بھول گئے؟ لاگ اِن صفحے پر پاس ورڈ بھول گئے؟ چنیں اور ای میل پر آنے والا ${RESET_CODE_LENGTH} ہندسوں کا کوڈ درج کریں۔ اکاؤنٹ مینو سے لاگ آؤٹ کریں؛ ایک ٹیب میں لاگ آؤٹ کرنے سے آپ تمام ٹیبز میں لاگ آؤٹ ہو جاتے ہیں، اور جو درخواست آپ لکھ رہے تھے وہ اگلے لاگ اِن کے لیے محفوظ رہتی ہے۔`,
    keywords: 'account team owners password login logout اکاؤنٹ ٹیم پاس ورڈ',
  },
  {
    id: 'service-hours-areas',
    question: 'رائیڈر کب اور کہاں ڈیلیور کرتے ہیں؟',
    answer:
      'رائیڈر درخواست کے صفحے پر دکھائے گئے سروس کے اوقات میں، کراچی کے وقت کے مطابق، ڈیلیور کرتے ہیں؛ ان اوقات کے باہر آپ آرڈر اس وقت کے لیے شیڈول کر سکتے ہیں جب سروس کھلے۔ ہر کلیکشن پوائنٹ اپنے علاقے میں ڈیلیور کرتا ہے۔ جب کوئی پتہ اس علاقے سے باہر ہو تو درخواست کا صفحہ بتاتا ہے کہ وہ کتنا دور ہے، اور اگر آپ کی کوئی دوسری برانچ وہاں ڈیلیور کرتی ہو تو اس برانچ سے درخواست کی پیشکش کرتا ہے۔',
    keywords: 'service hours area open closed اوقات علاقہ',
  },
  {
    id: 'contact-support',
    question: 'میں سپورٹ سے کیسے رابطہ کروں؟',
    answer:
      'اس ہیلپ سینٹر کے مضامین کے نیچے آرڈر چنیں، لکھیں کیا ہوا اور سپورٹ کو بھیجیں دبائیں۔ آپ کو فوراً ٹکٹ نمبر اور ای میل پر تصدیق ملتی ہے، اور سپورٹ ای میل سے جواب دیتی ہے۔',
    keywords: 'support ticket contact سپورٹ ٹکٹ',
  },
];
