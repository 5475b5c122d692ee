import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeys, launchBrowser, watchForPageErrors } from './support/browser';
import { type StoreProcess, startJourneyStore } from './support/journey-store';
import { startOidcProvider } from './support/oidc-provider';

const PASSWORD = 'Spanner#42';
const ADMIN_EMAIL = 'owner@torque.example';
const OIDC_PERSON = { sub: 'oidc-user-1', email: 'sso.driver@torque.example', name: 'Sso Driver' };

let store: StoreProcess;
let browser: Browser;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;

/** A fresh browser profile (its own cookies) and a page that fails the test on any page error. */
async function newVisitor(width = 1280) {
  const context: BrowserContext = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = watchForPageErrors(page);
  return { context, page, errors };
}

async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${store.url}/signup`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByTestId('display-name').filter({ hasText: name }).waitFor();
}

const menuItems = (page: Page) => page.getByTestId('dashboard-menu').locator('a').allTextContents();

journeys('accounts in the browser', () => {
  beforeAll(async () => {
    oidc = await startOidcProvider(OIDC_PERSON);
    store = await startJourneyStore({
      ADMIN_EMAILS: ADMIN_EMAIL,
      OIDC_PROVIDER_ID: 'workshop-sso',
      OIDC_NAME: 'Workshop SSO',
      OIDC_DISCOVERY_URL: oidc.discoveryUrl,
      OIDC_CLIENT_ID: 'torque-store',
      OIDC_CLIENT_SECRET: 'local-secret',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
    await oidc?.stop();
  });

  it('shows each sign-up rule under its field, then signs up and returns home signed in', async () => {
    const { context, page, errors } = await newVisitor();
    await page.goto(`${store.url}/signup`);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Name is Required').waitFor();
    await page.getByText('Email is Required').waitFor();
    await page.getByText('Password is Required').waitFor();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('abcdef');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Provide a valid Email').waitFor();
    await page.getByText('minimum 6 character, one letter, one number and one special character').waitFor();

    await page.getByLabel('Name').fill('Dana Driver');
    await page.getByLabel('Email').fill('dana.driver@torque.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${store.url}/`);
    await page.getByTestId('display-name').filter({ hasText: 'Dana Driver' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBeGreaterThan(0);
    expect(await nav.getByRole('link', { name: 'Login' }).count()).toBe(0);

    // Signing up again with the same email is refused with the provider's message in red.
    const second = await newVisitor();
    await second.page.goto(`${store.url}/signup`);
    await second.page.getByLabel('Name').fill('Someone Else');
    await second.page.getByLabel('Email').fill('dana.driver@torque.example');
    await second.page.getByLabel('Password').fill(PASSWORD);
    await second.page.getByRole('button', { name: 'Sign Up' }).click();
    const alert = second.page.locator('p.text-error[role="alert"]');
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(0);
    await second.context.close();

    // Logout ends the session and goes home.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${store.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    await page.goto(`${store.url}/dashboard`);
    await page.waitForURL(`${store.url}/login`);
    await context.close();
    expect(errors.filter((e) => !e.includes('422') && !e.includes('Failed to load resource'))).toEqual([]);
  });

  it('sends a signed-out visitor to /login and back to the page they wanted after login', async () => {
    const setup = await newVisitor();
    await signUp(setup.page, 'Lee Loader', 'lee.loader@torque.example');
    await setup.context.close();

    const { context, page } = await newVisitor();
    await page.goto(store.url);
    const card = page.locator('[data-testid="tool-grid"] article').first();
    await card.waitFor();
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name: 'Order Now' }).click();
    await page.waitForURL(`${store.url}/login`);

    await page.getByLabel('Email').fill('lee.loader@torque.example');
    await page.getByLabel('Password').fill('Wrong#123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.locator('p.text-error[role="alert"]').waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/purchase\//);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
    await context.close();
  });

  it('says Google is not set up, and signs in through the configured OIDC provider back to the origin page', async () => {
    const { context, page, errors } = await newVisitor();
    await page.goto(`${store.url}/dashboard`);
    await page.waitForURL(`${store.url}/login`);
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await page.getByText('Google sign-in is not set up for this store').waitFor();

    await page.getByRole('button', { name: 'Continue with Workshop SSO' }).click();
    await page.waitForURL(`${store.url}/dashboard`);
    await page.getByTestId('display-name').filter({ hasText: OIDC_PERSON.name }).waitFor();
    await page.getByText(OIDC_PERSON.email).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('updates the profile with the spec messages for bad input', async () => {
    const { context, page, errors } = await newVisitor(390);
    await signUp(page, 'Pat Profile', 'pat.profile@torque.example');
    await page.goto(`${store.url}/dashboard`);
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await form.getByText('Education status is Required').waitFor();
    await form.getByText('Write your Location correctly').waitFor();
    await form.getByText('LinkedIn profile is required').waitFor();
    await form.getByText('Phone number is Required').waitFor();

    await form.getByLabel('Education').fill('Diploma in Automotive Engineering');
    await form.getByLabel('Address').fill('4 Garage Road, Springfield');
    await form.getByLabel('LinkedIn profile').fill('https://www.linkedin.com/in/pat-profile');
    await form.getByLabel('Phone').fill('12345');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await form
      .getByText('Phone number must be 11 digits containing number (0-9). it starts with 01')
      .waitFor();

    await form.getByLabel('Phone').fill('01712345678');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Your Profile is Updated').waitFor();
    await page.reload();
    await page.getByRole('form', { name: 'Profile' }).waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('01712345678');
    expect(await page.getByLabel('Address').inputValue()).toBe('4 Garage Road, Springfield');
    await context.close();
    expect(errors).toEqual([]);
  });

  describe('admin', () => {
    it('signs a non-admin out of an admin page and sends them to /login', async () => {
      const { context, page } = await newVisitor();
      await signUp(page, 'Nosy Customer', 'nosy@torque.example');
      await page.goto(`${store.url}/dashboard`);
      await page.getByTestId('dashboard-menu').getByRole('link', { name: 'My Orders' }).waitFor();
      expect(await menuItems(page)).toEqual(['My Profile', 'My Orders', 'Addresses', 'Add a review']);
      await page.goto(`${store.url}/dashboard/users`);
      await page.waitForURL(`${store.url}/login`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
      await context.close();
    });

    it('lets the first admin (ADMIN_EMAILS) promote a customer, who then sees the admin menu', async () => {
      const customer = await newVisitor();
      await signUp(customer.page, 'Riley Promoted', 'riley@torque.example');
      await customer.page.goto(`${store.url}/dashboard`);
      await customer.page.getByTestId('dashboard-menu').getByRole('link', { name: 'My Orders' }).waitFor();

      const owner = await newVisitor();
      await signUp(owner.page, 'Olivia Owner', ADMIN_EMAIL);
      await owner.page.goto(`${store.url}/dashboard`);
      await owner.page.getByTestId('dashboard-menu').getByRole('link', { name: 'Make Admin' }).waitFor();
      expect(await menuItems(owner.page)).toEqual([
        'My Profile',
        'Overview',
        'Make Admin',
        'Trade applications',
        'Customer groups',
        'Open invoices',
        'Manage Product',
        'Add Product',
        'Categories and brands',
        'Bulk changes',
        'Import and export',
        'Search words',
        'Discounts',
        'Moderate reviews',
        'Manage All Orders',
        'Returns',
        'Numbers',
        'Finance',
        'Purchasing',
        'Places',
        'Outbox',
        'Mailbox',
        'Inbox',
        'Settings',
        'Audit log',
      ]);
      await owner.page.getByTestId('dashboard-menu').getByRole('link', { name: 'Make Admin' }).click();
      const row = owner.page.getByRole('row', { name: /riley@torque\.example/ });
      await row.waitFor();
      expect(await row.getByRole('button', { name: 'Remove User' }).count()).toBe(1);
      expect(
        await owner.page
          .getByRole('row', { name: new RegExp(ADMIN_EMAIL) })
          .getByText('Admin')
          .count(),
      ).toBe(1);
      await row.getByRole('button', { name: 'Make admin riley@torque.example' }).click();
      await owner.page.getByRole('dialog').getByRole('button', { name: 'Make admin' }).click();
      await owner.page.getByText('Successfully Make an Admin!!').waitFor();
      await row.getByText('Admin').waitFor();

      await customer.page.reload();
      await customer.page
        .getByTestId('dashboard-menu')
        .getByRole('link', { name: 'Manage Product' })
        .waitFor();
      await customer.context.close();
      await owner.context.close();
      expect([...customer.errors, ...owner.errors]).toEqual([]);
    });
  });
});
