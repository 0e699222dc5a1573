import {
  CARD_FIELDS_MESSAGE,
  SandboxTokenAnswerSchema,
  SandboxTokenBodySchema,
} from '@riderdesk/domain/contracts/payments';
import { formatMoney, fromMinor } from '@riderdesk/domain/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../errors.ts';
import * as repo from './repo.ts';
import { checkCard } from './sandbox-cards.ts';
import type { SandboxProvider } from './sandbox-provider.ts';

// The sandbox processor's own pages (decision 060): the hosted card fields the card step frames, and the
// 3-D Secure challenge the browser is sent to. Served under /api/v1/payments/sandbox, as a processor serves
// its pages from its own host; the merchant's page never sees a card number.

const TEXTS = {
  en: {
    number: 'Card number',
    expiry: 'Expiry (MM / YY)',
    cvc: 'CVC',
    invalid: {
      number: 'Check the card number',
      expiry: 'Check the expiry date',
      cvc: 'Check the security code',
      holder_name: 'Enter the name on the card',
    },
    challengeTitle: '3-D Secure',
    challengeText: 'Test mode. Confirm the payment of {amount} to Riderdesk with the card ending in {last4}.',
    authenticate: 'Authenticate',
    fail: 'Fail authentication',
    done: 'This payment has been answered already.',
    back: 'Back to the order',
  },
  ur: {
    number: 'کارڈ نمبر',
    expiry: 'میعاد (مہینہ / سال)',
    cvc: 'سی وی سی',
    invalid: {
      number: 'کارڈ نمبر چیک کریں',
      expiry: 'میعاد کی تاریخ چیک کریں',
      cvc: 'سیکیورٹی کوڈ چیک کریں',
      holder_name: 'کارڈ پر لکھا نام درج کریں',
    },
    challengeTitle: 'تھری ڈی سیکیور',
    challengeText: 'ٹیسٹ موڈ۔ {last4} پر ختم ہونے والے کارڈ سے Riderdesk کو {amount} کی ادائیگی کی تصدیق کریں۔',
    authenticate: 'تصدیق کریں',
    fail: 'تصدیق ناکام کریں',
    done: 'اس ادائیگی کا جواب پہلے ہی دیا جا چکا ہے۔',
    back: 'آرڈر پر واپس جائیں',
  },
} as const;

const LangSchema = z.enum(['en', 'ur']).catch('en');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `
  :root { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1f2933; }
  body { margin: 0; background: transparent; }
  label { display: block; font-size: 14px; font-weight: 500; margin: 0 0 4px; }
  input { box-sizing: border-box; width: 100%; height: 36px; padding: 0 12px; font-size: 14px;
    border: 1px solid #ced4da; border-radius: 8px; background: #fff; direction: ltr; }
  input:focus { outline: 2px solid #fd7e14; border-color: transparent; }
  input[aria-invalid="true"] { border-color: #fa5252; }
  .field { margin-bottom: 10px; }
  .row { display: flex; gap: 12px; }
  .row .field { flex: 1; }
  .error { color: #fa5252; font-size: 12px; min-height: 14px; margin-top: 2px; }
`;

function cardFieldsPage(walletId: string, lang: 'en' | 'ur'): string {
  const text = TEXTS[lang];
  const messages = JSON.stringify({ ...CARD_FIELDS_MESSAGE, invalid_texts: text.invalid, wallet_id: walletId });
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ur' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.number)}</title><style>${STYLE}</style></head>
<body>
<form id="card-fields" novalidate data-config="${escapeHtml(messages)}">
  <div class="field"><label for="number">${text.number}</label>
    <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242" aria-describedby="number-error">
    <div class="error" id="number-error" role="alert"></div></div>
  <div class="row">
    <div class="field"><label for="expiry">${text.expiry}</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="12 / 30" aria-describedby="expiry-error">
      <div class="error" id="expiry-error" role="alert"></div></div>
    <div class="field"><label for="cvc">${text.cvc}</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123" aria-describedby="cvc-error">
      <div class="error" id="cvc-error" role="alert"></div></div>
  </div>
</form>
<script src="/api/v1/payments/sandbox/card-fields.js"></script>
</body></html>`;
}

// The framed page's script: it answers the card step's "tokenise" message with a token, or with the fields in
// error. Messages go only to and from this origin.
const CARD_FIELDS_SCRIPT = `(function () {
  var form = document.getElementById('card-fields');
  var config = JSON.parse(form.getAttribute('data-config'));
  var fields = ['number', 'expiry', 'cvc'];
  function value(id) { return document.getElementById(id).value; }
  function show(errors) {
    fields.forEach(function (id) {
      var bad = errors.indexOf(id) !== -1;
      document.getElementById(id).setAttribute('aria-invalid', bad ? 'true' : 'false');
      document.getElementById(id + '-error').textContent = bad ? config.invalid_texts[id] : '';
    });
  }
  function send(message) { window.parent.postMessage(message, window.location.origin); }
  document.getElementById('number').addEventListener('input', function (event) {
    var digits = event.target.value.replace(/\\D/g, '').slice(0, 19);
    event.target.value = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  document.getElementById('expiry').addEventListener('input', function (event) {
    var digits = event.target.value.replace(/\\D/g, '').slice(0, 4);
    event.target.value = digits.length > 2 ? digits.slice(0, 2) + ' / ' + digits.slice(2) : digits;
  });
  window.addEventListener('message', function (event) {
    if (event.origin !== window.location.origin || event.source !== window.parent) return;
    var data = event.data || {};
    if (data.type !== config.tokenise) return;
    var expiry = value('expiry').replace(/\\D/g, '');
    fetch('/api/v1/payments/sandbox/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        wallet_id: config.wallet_id,
        number: value('number').replace(/\\D/g, '').slice(0, 19),
        exp_month: expiry.slice(0, 2),
        exp_year: expiry.slice(2, 4),
        cvc: value('cvc').replace(/\\D/g, '').slice(0, 4),
        holder_name: String(data.holderName || '').slice(0, 100)
      })
    }).then(function (response) { return response.json(); }).then(function (answer) {
      if (answer && answer.token) {
        show([]);
        send({ type: config.tokenised, token: answer.token, card: answer.card });
      } else {
        var errors = (answer && answer.errors) || ['number'];
        show(errors);
        send({ type: config.invalid, errors: errors });
      }
    }).catch(function () { send({ type: config.invalid, errors: ['network'] }); });
  });
  send({ type: config.ready });
})();
`;

function challengePage(input: {
  lang: 'en' | 'ur';
  paymentRef: string;
  amount: string;
  last4: string;
  isOpen: boolean;
  returnUrl: string;
}): string {
  const text = TEXTS[input.lang];
  const body = input.isOpen
    ? `<p>${escapeHtml(text.challengeText.replace('{amount}', input.amount).replace('{last4}', input.last4))}</p>
      <form method="post" action="/api/v1/payments/sandbox/challenge/${escapeHtml(input.paymentRef)}?lang=${input.lang}">
        <button type="submit" name="action" value="authenticate" class="primary">${text.authenticate}</button>
        <button type="submit" name="action" value="fail">${text.fail}</button>
      </form>`
    : `<p>${text.done}</p><p><a href="${escapeHtml(input.returnUrl)}">${text.back}</a></p>`;
  return `<!doctype html>
<html lang="${input.lang}" dir="${input.lang === 'ur' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.challengeTitle}</title>
<style>${STYLE}
  body { background: #f1f3f5; display: flex; min-height: 100vh; align-items: center; justify-content: center; }
  main { background: #fff; border-radius: 12px; padding: 24px; max-width: 420px; width: calc(100% - 32px);
    box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  h1 { font-size: 20px; margin: 0 0 12px; }
  button { height: 40px; padding: 0 16px; border-radius: 8px; border: 1px solid #ced4da; background: #fff;
    font-size: 14px; cursor: pointer; margin: 8px 8px 0 0; }
  button.primary { background: #fd7e14; color: #fff; border-color: #fd7e14; }
</style></head>
<body><main><h1>${text.challengeTitle}</h1>${body}</main></body></html>`;
}

/** Only a path of this site: the challenge never sends the browser elsewhere. */
const isLocalPath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

export const sandboxRoutes: FastifyPluginAsyncZod<{
  db: Db;
  sandbox: SandboxProvider;
  now: () => Date;
  currency: string;
}> = async (app, { db, sandbox, now, currency }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const limited = { rateLimit: { max: 60, timeWindow: 60_000 } };

  app.get(
    '/payments/sandbox/card-fields',
    {
      config: limited,
      schema: { hide: true, querystring: z.object({ wallet_id: z.string().max(64), lang: LangSchema.optional() }) },
    },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(cardFieldsPage(request.query.wallet_id, request.query.lang ?? 'en')),
  );

  app.get('/payments/sandbox/card-fields.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CARD_FIELDS_SCRIPT),
  );

  app.post(
    '/payments/sandbox/tokens',
    {
      config: limited,
      schema: { tags: ['payments'], body: SandboxTokenBodySchema, response: { 200: SandboxTokenAnswerSchema } },
    },
    async (request) => {
      const { body } = request;
      const wallet = await repo.findWallet(db, body.wallet_id);
      if (!wallet || wallet.expires_at <= now()) throw new AppError(409, 'WalletExpired', 'error.payment.init');
      const checked = checkCard(
        {
          number: body.number,
          expMonth: body.exp_month,
          expYear: body.exp_year,
          cvc: body.cvc,
          holderName: body.holder_name,
        },
        now(),
      );
      if ('errors' in checked) return { errors: checked.errors };
      const { behaviour: _behaviour, ...card } = checked.card;
      return {
        token: sandbox.tokenFor(checked.card, wallet.wallet_id, wallet.expires_at),
        card: {
          scheme: card.scheme,
          bin: card.bin,
          last4: card.last4,
          exp_month: card.expMonth,
          exp_year: card.expYear,
        },
      };
    },
  );

  const ChallengeParams = z.object({ paymentRef: z.string().max(64) });
  const ChallengeQuery = z.object({ lang: LangSchema.optional() });

  app.get(
    '/payments/sandbox/challenge/:paymentRef',
    { config: limited, schema: { hide: true, params: ChallengeParams, querystring: ChallengeQuery } },
    async (request, reply) => {
      const payment = await repo.findSandboxPayment(db, request.params.paymentRef);
      if (!payment) throw new AppError(404, 'NotFound', 'Not found');
      const lang = request.query.lang ?? 'en';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          challengePage({
            lang,
            paymentRef: payment.payment_ref,
            amount: formatMoney(fromMinor(payment.amount_minor, currency), currency, lang),
            last4: payment.card_last4,
            isOpen: payment.status === 'challenge',
            returnUrl: isLocalPath(payment.return_url) ? payment.return_url : '/',
          }),
        );
    },
  );

  app.post(
    '/payments/sandbox/challenge/:paymentRef',
    {
      config: limited,
      schema: {
        hide: true,
        params: ChallengeParams,
        querystring: ChallengeQuery,
        body: z.object({ action: z.enum(['authenticate', 'fail']) }),
      },
    },
    async (request, reply) => {
      const returnUrl = await sandbox.answerChallenge(
        request.params.paymentRef,
        request.body.action === 'authenticate',
      );
      if (returnUrl === null) throw new AppError(404, 'NotFound', 'Not found');
      return reply.redirect(isLocalPath(returnUrl) ? returnUrl : '/', 303);
    },
  );
};
