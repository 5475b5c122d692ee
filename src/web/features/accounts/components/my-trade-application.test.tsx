import type { TradeApplication } from '@contract/trade';
import {
  answer,
  chooseFile,
  click,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  text,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { MyTradeApplication } from './my-trade-application';

const sentApplication: TradeApplication = {
  id: 'app-1',
  userId: 'u-shop',
  customerName: 'Rita Repair',
  customerEmail: 'rita@garage.example',
  businessName: 'Rita’s Garage LLC',
  taxId: '38-1234567',
  certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2027-06-30' },
  hasCertificateFile: false,
  note: null,
  status: 'pending',
  decisionNote: null,
  createdAt: '2026-12-01T15:00:00.000Z',
  decidedAt: null,
};

let application: TradeApplication | null;
/** What each certificate upload carried: its content type and its bytes as text. */
let uploads: { type: string | null; body: string }[];

mockApi(
  http.get('/api/account/trade', () => json({ trade: null })),
  http.get('/api/account/trade-application', () => json({ application })),
  http.post('/api/account/trade-application', () => json(sentApplication, 201)),
  http.put('/api/account/trade-application/certificate', async ({ request }) => {
    uploads.push({ type: request.headers.get('content-type'), body: await request.text() });
    return json({ ...sentApplication, hasCertificateFile: true });
  }),
);

beforeEach(() => {
  application = null;
  uploads = [];
});

const form = () => screen().querySelector<HTMLFormElement>('form[aria-label="Apply for a trade account"]');

async function openForm() {
  await renderPage(<MyTradeApplication />);
  await shows('Apply for a trade account');
  await click('Apply for a trade account');
  await waitFor(() => expect(form()).not.toBeNull());
}

describe('applying for a trade account on My Profile', () => {
  it('sends the application, then the certificate file as the body with its own content type', async () => {
    await openForm();
    type(field('Business name'), 'Rita’s Garage LLC');
    type(field('Tax id (EIN or state id)'), '38-1234567');
    // The certificate's fields show only for a shop buying for resale.
    expect(() => field('Certificate number')).toThrow();
    await tick(field('I buy for resale'));
    type(field('Certificate number'), 'MI-RS-40021');
    type(field('States (like MI, OH)'), 'mi, oh');
    await shows('MIOH');
    type(field('Expires on'), '2027-06-30');
    chooseFile(
      field('Certificate file (PDF, PNG or JPEG)'),
      new File(['%PDF-1.4 certificate'], 'certificate.pdf', { type: 'application/pdf' }),
    );
    type(field<HTMLTextAreaElement>('Note for the store (optional)'), 'We fix fleets.');
    await submit(form() as HTMLFormElement);

    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(sent('POST', '/api/account/trade-application')).toEqual([
      {
        businessName: 'Rita’s Garage LLC',
        taxId: '38-1234567',
        certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2027-06-30' },
        note: 'We fix fleets.',
      },
    ]);
    expect(uploads).toEqual([{ type: 'application/pdf', body: '%PDF-1.4 certificate' }]);
    // The application shows as sent, with its file.
    await shows('Your application is with us');
    expect(text()).toContain('Sent');
    expect(text()).not.toContain('Not sent yet');
  });

  it('sends no certificate and no file for a shop not buying for resale', async () => {
    await openForm();
    type(field('Business name'), 'Fleet Fixers');
    type(field('Tax id (EIN or state id)'), '12-3456789');
    await submit(form() as HTMLFormElement);
    await shows('Your application is with us');
    expect(sent('POST', '/api/account/trade-application')).toEqual([
      { businessName: 'Fleet Fixers', taxId: '12-3456789', certificate: null },
    ]);
    expect(uploads).toEqual([]);
  });

  it('refuses a state that is not a two-letter code and a file of another type, sending nothing', async () => {
    await openForm();
    type(field('Business name'), 'Fleet Fixers');
    type(field('Tax id (EIN or state id)'), '12-3456789');
    await tick(field('I buy for resale'));
    type(field('Certificate number'), 'X1');
    type(field('States (like MI, OH)'), 'Michigan');
    type(field('Expires on'), '2027-06-30');
    chooseFile(
      field('Certificate file (PDF, PNG or JPEG)'),
      new File(['GIF89a'], 'certificate.gif', { type: 'image/gif' }),
    );
    await submit(form() as HTMLFormElement);
    await shows('Give each state as its two-letter code, like MI, OH');
    expect(text()).toContain('Choose a PDF, PNG or JPEG file.');
    expect(sent('POST', '/api/account/trade-application')).toEqual([]);
  });

  it("puts the store's field errors under their fields and shows a refusal", async () => {
    answer(
      http.post('/api/account/trade-application', () =>
        refusal(400, 'VALIDATION', 'Check the form', [
          { path: 'taxId', message: 'A tax id is letters, digits, spaces and dashes' },
        ]),
      ),
    );
    await openForm();
    type(field('Business name'), 'Fleet Fixers');
    type(field('Tax id (EIN or state id)'), '12/34');
    await submit(form() as HTMLFormElement);
    await shows('A tax id is letters, digits, spaces and dashes');
    expect(field('Tax id (EIN or state id)').getAttribute('aria-invalid')).toBe('true');

    answer(
      http.post('/api/account/trade-application', () =>
        refusal(409, 'CONFLICT', 'Your application is with us already: we will write when it is decided.'),
      ),
    );
    await submit(form() as HTMLFormElement);
    await shows('Your application is with us already');
    expect(form()).not.toBeNull();
  });

  it('says when the application went but its file did not, and offers to send the file again', async () => {
    answer(
      http.put('/api/account/trade-application/certificate', () =>
        refusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the certificate as a PDF, PNG or JPEG file.'),
      ),
    );
    await openForm();
    type(field('Business name'), 'Rita’s Garage LLC');
    type(field('Tax id (EIN or state id)'), '38-1234567');
    await tick(field('I buy for resale'));
    type(field('Certificate number'), 'MI-RS-40021');
    type(field('States (like MI, OH)'), 'MI OH');
    type(field('Expires on'), '2027-06-30');
    chooseFile(
      field('Certificate file (PDF, PNG or JPEG)'),
      new File(['png'], 'certificate.png', { type: 'image/png' }),
    );
    await submit(form() as HTMLFormElement);
    await shows('Your application was sent, but not its certificate file');
    await shows('Your application is with us');
    expect(text()).toContain('Not sent yet');
    expect(button('Send the certificate file')).toBeTruthy();
  });
});

const button = (name: string) =>
  [...screen().querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

describe('an application on My Profile', () => {
  it('shows a pending application as sent, with no form', async () => {
    application = { ...sentApplication, hasCertificateFile: true, note: 'We fix fleets.' };
    await renderPage(<MyTradeApplication />);
    await shows('Your application is with us');
    expect(text()).toContain('Rita’s Garage LLC');
    expect(text()).toContain('38-1234567');
    expect(text()).toContain('MI-RS-40021, MI, OH, until 2027-06-30');
    expect(text()).toContain('We fix fleets.');
    expect(text()).not.toContain('Apply for a trade account');
    expect(form()).toBeNull();
  });

  it('shows why a refused application was refused, and applies again from what was sent', async () => {
    application = {
      ...sentApplication,
      status: 'refused',
      decisionNote: 'The certificate has expired.',
      decidedAt: '2026-12-02T10:00:00.000Z',
    };
    await renderPage(<MyTradeApplication />);
    await shows('Your application for a trade account was refused.');
    expect(text()).toContain('Why: The certificate has expired.');
    await click('Apply again');
    await waitFor(() => expect(form()).not.toBeNull());
    expect(field('Business name').value).toBe('Rita’s Garage LLC');
    type(field('Expires on'), '2028-06-30');
    await submit(form() as HTMLFormElement);
    await shows('Your application is with us');
    expect(sent('POST', '/api/account/trade-application')).toEqual([
      {
        businessName: 'Rita’s Garage LLC',
        taxId: '38-1234567',
        certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2028-06-30' },
      },
    ]);
  });

  it('shows nothing new to an account with trade terms', async () => {
    answer(
      http.get('/api/account/trade', () =>
        json({
          trade: {
            userId: 'u-shop',
            priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
            certificate: null,
            updatedAt: '2026-11-29T05:00:00.000Z',
          },
        }),
      ),
    );
    await renderPage(<MyTradeApplication />);
    await waitFor(() => expect(sent('GET', '/api/account/trade-application')).toHaveLength(1));
    await waitFor(() => expect(sent('GET', '/api/account/trade')).toHaveLength(1));
    expect(text()).not.toContain('Trade account');
    expect(text()).not.toContain('Apply');
  });
});
