import type { APIRequestContext, Page } from 'playwright-core';

export const PASSWORD = 'Spanner#42';

/**
 * Signs up through the API with the context's own cookies, for journeys whose subject is not
 * signing up (the forms have journeys of their own); fails with the store's answer if refused.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  storeUrl: string,
  account: { name: string; email: string },
) {
  const answer = await request.post(`${storeUrl}/api/auth/sign-up/email`, {
    headers: { origin: storeUrl },
    data: { ...account, password: PASSWORD },
  });
  if (!answer.ok()) throw new Error(`sign-up refused: ${answer.status()} ${await answer.text()}`);
}

/**
 * Signs the admin in through the forms: the first time signs up (the store names the address in
 * ADMIN_EMAILS), later times log in with the same password.
 */
export async function signInThroughForms(
  page: Page,
  storeUrl: string,
  admin: { email: string; name: string; first: boolean },
) {
  await page.goto(`${storeUrl}/${admin.first ? 'signup' : 'login'}`);
  if (admin.first) await page.getByLabel('Name').fill(admin.name);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: admin.first ? 'Sign Up' : 'Login' }).click();
  await page.getByTestId('display-name').waitFor();
}

/** Orders the catalog's first tool at its minimum through the API, with the page's own session; returns the order's id. */
export async function orderFirstProduct(page: Page, storeUrl: string): Promise<string> {
  const products = (await (await page.request.get(`${storeUrl}/api/tool?limit=1`)).json()) as Array<{
    _id: string;
    minimum_order_quantity: number;
  }>;
  const product = products[0];
  if (!product) throw new Error('the catalog is empty');
  const placed = await page.request.post(`${storeUrl}/api/order`, {
    headers: { origin: storeUrl },
    data: { orderId: product._id, orderQuantity: product.minimum_order_quantity, phone: '01712345678' },
  });
  if (placed.status() !== 201) throw new Error(`ordering failed: ${placed.status()} ${await placed.text()}`);
  return ((await placed.json()) as { _id: string })._id;
}
