// Screenshots of the request-a-rider page at each step, English and Urdu, desktop and phone.
// Usage: node apps/web/scripts/request-screenshots.mjs [baseUrl]   (the API must serve apps/web/dist)
import { base, logIn, out, SIZES, shootEachView } from './screenshot-kit.mjs';

const labels = {
  en: {
    address: 'Drop-off address',
    name: 'Customer name',
    phone: 'Customer phone',
    desc: 'Item description',
    amount: 'Order amount',
    cont: 'Continue to payment',
  },
  ur_alt: {
    address: 'ڈراپ آف کا پتہ',
    name: 'گاہک کا نام',
    phone: 'گاہک کا فون نمبر',
    desc: 'سامان کی تفصیل',
    amount: 'آرڈر کی رقم',
    cont: 'ادائیگی کی طرف بڑھیں',
  },
};

await shootEachView(SIZES, async ({ sizeName, language, tag, openContext }) => {
  const l = labels[language];
  const context = await openContext();
  const page = await context.newPage();
  const shot = async (name) => {
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}request-${name}-${tag}.png`, fullPage: sizeName === 'mobile' });
  };
  await page.goto(`${base}/`);
  await logIn(page);
  await page.waitForURL(/request-a-rider\/.+/);
  const address = page.getByRole('textbox', { name: l.address });
  await address.waitFor();
  await page.waitForFunction((label) => {
    const input = [...document.querySelectorAll('input')].find((el) => el.labels?.[0]?.textContent?.includes(label));
    return input && !input.disabled;
  }, l.address);
  await shot('1-start');

  await address.fill('Zamzama');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).waitFor();
  await shot('2-suggestions');
  await page.getByRole('option', { name: /^Zamzama Commercial/ }).click();
  await page.getByRole('form', { name: /./ }).first().waitFor();
  await page.getByLabel(l.name).waitFor();
  await shot('3-details');

  await page.getByLabel(l.name).fill('Ayesha 2');
  await page.getByLabel(l.phone).pressSequentially('03001234567');
  await page.getByLabel(l.desc).fill('Chicken biryani x2, raita');
  await page.getByLabel(l.amount).fill('1500');
  await page.getByRole('button', { name: l.cont }).click();
  await shot('4-validation');
  await page.getByLabel(l.name).fill('Ayesha Khan');
  await page.getByRole('button', { name: l.cont }).click();
  await page.waitForTimeout(300);
  await shot('5-payment');
  await context.close();
});
