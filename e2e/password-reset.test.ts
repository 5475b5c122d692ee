import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type SmtpCatcher, startSmtpCatcher } from '../src/server/test/smtp-catcher';
import { PASSWORD } from './support/admin-page';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { screenshot } from './support/screenshot';

const NEW_PASSWORD = 'Socket#Set88';
const CHANGED_PASSWORD = 'Torque#Bar77';

let smtp: SmtpCatcher;
let store: StoreProcess;
let browser: Browser;

/** The reset link of the newest mail to `to`, once the catcher received it from the job runner. */
async function resetLinkMailedTo(to: string, after: number): Promise<string> {
  const addressed = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).some((a) =>
      a.value.some((v) => v.address === to),
    );
  return vi.waitFor(
    () => {
      const mail = smtp.received.slice(after).find(addressed);
      const link = /(\/reset-password\?token=[A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
      if (!link) throw new Error(`no reset mail reached ${to}`);
      return link;
    },
    { timeout: 30_000, interval: 50 },
  );
}

async function signUpThroughForm(page: Page, email: string) {
  await page.goto(`${store.url}/signup`);
  await page.getByLabel('Name').fill('Rhea Ratchet');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByTestId('display-name').waitFor();
}

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto(`${store.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByTestId('display-name').waitFor();
}

// The store sends mail to a real SMTP server in this process, as it would to the shop's provider.
journeys('forgotten and changed passwords, and the devices signed in', () => {
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    store = await startJourneyStore({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Torque Works <shop@torque.example>',
      OUTBOX_POLL_MS: '100',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
    await smtp?.stop();
  });

  for (const width of [1280, 390]) {
    it(`resets a forgotten password from the mailed link and signs the other devices out (${width} px)`, async () => {
      const email = `forgetful-${width}@torque.example`;
      // A laptop signed in since the sign-up: the reset must sign it out.
      const laptop = await browser.newContext({ viewport: { width, height: 900 } });
      const laptopPage = await laptop.newPage();
      await signUpThroughForm(laptopPage, email);

      const phone = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await phone.newPage();
      const errors = watchForPageErrors(page);
      await page.goto(`${store.url}/login`);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      const before = smtp.received.length;
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page
        .getByRole('status')
        .getByText(/a link to reset its password is on its way/)
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `forgot-password-${width}`, { fullPage: true });

      const link = await resetLinkMailedTo(email, before);
      await page.goto(`${store.url}${link}`);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      // The store's password rule, as on sign-up.
      await page.getByLabel('New password', { exact: true }).fill('abcdef');
      await page.getByLabel('Repeat the new password').fill('abcdef');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('minimum 6 character, one letter, one number and one special character').waitFor();
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
      await screenshot(page, `reset-password-${width}`, { fullPage: true });
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page
        .getByRole('status')
        .getByText(/Your password is changed/)
        .waitFor();

      await page.getByRole('link', { name: 'Log in with your new password' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByTestId('display-name').waitFor();

      // The same link a second time is refused.
      await page.goto(`${store.url}${link}`);
      await page.getByLabel('New password', { exact: true }).fill('Second#Go11');
      await page.getByLabel('Repeat the new password').fill('Second#Go11');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('This reset link has expired or was already used. Ask for a new one.').waitFor();

      // The laptop's session ended with the reset: its next protected page asks it to log in.
      await laptopPage.goto(`${store.url}/dashboard`);
      await laptopPage.waitForURL(/\/login/);
      // The one refusal asked for above (the used link) is the only one.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      await laptop.close();
      await phone.close();
    });
  }

  it('lists the devices on the profile, signs one out after asking, and changes the password', async () => {
    const email = 'two-devices@torque.example';
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const deskPage = await desk.newPage();
    await signUpThroughForm(deskPage, email);
    const mobile = await browser.newContext({
      viewport: { width: 390, height: 900 },
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    });
    const mobilePage = await mobile.newPage();
    await logInThroughForm(mobilePage, email, PASSWORD);

    const page = deskPage;
    const errors = watchForPageErrors(page);
    await page.goto(`${store.url}/dashboard`);
    const devices = page.getByRole('region', { name: 'Where you are signed in' }).getByRole('listitem');
    await devices.nth(1).waitFor();
    expect(await devices.count()).toBe(2);
    await expect(devices.filter({ hasText: 'This device' }).count()).resolves.toBe(1);
    await expect(devices.filter({ hasText: 'Chrome on Android' }).count()).resolves.toBe(1);
    await screenshot(page, 'profile-security-1280', { fullPage: true });

    await page.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out this device?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await devices.count()).toBe(2);
    await page.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You are not signed in anywhere else.').waitFor();
    await mobilePage.goto(`${store.url}/dashboard`);
    await mobilePage.waitForURL(/\/login/);

    // A wrong current password is refused; the right one changes it.
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('Wrong#Guess1');
    await form.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
    await form.getByLabel('Repeat the new password').fill(CHANGED_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not right.').waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed. Every other device is signed out.').waitFor();
    // This browser stays signed in.
    await page.reload();
    await page.getByTestId('display-name').waitFor();
    await logInThroughForm(mobilePage, email, CHANGED_PASSWORD);

    const phoneView = await mobile.newPage();
    await phoneView.goto(`${store.url}/dashboard`);
    await phoneView.getByRole('region', { name: 'Where you are signed in' }).waitFor();
    expect(await phoneView.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phoneView, 'profile-security-390', { fullPage: true });
    // The wrong current password's refusal is the only one.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    await desk.close();
    await mobile.close();
  });
});
