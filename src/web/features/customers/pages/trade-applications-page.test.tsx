import { pageAccess } from '@contract/pages';
import { may } from '@contract/roles';
import type { TradeApplication } from '@contract/trade';
import {
  address,
  answer,
  calls,
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
import { describe, expect, it } from 'vitest';
import { TradeApplicationsPage } from './trade-applications-page';

const ID = '3f2c9a1e-0b7d-4e5a-9c61-2d8e4f7a1b90';
const FLEET = 'a8f1c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const pending: TradeApplication = {
  id: ID,
  userId: 'u-shop',
  customerName: 'Rita Repair',
  customerEmail: 'rita@garage.example',
  businessName: 'Rita’s Garage LLC',
  taxId: '38-1234567',
  certificate: { number: 'MI-RS-40021', states: ['MI', 'OH'], expiresOn: '2027-06-30' },
  hasCertificateFile: true,
  note: 'We fix fleets.',
  status: 'pending',
  decisionNote: null,
  createdAt: '2026-12-01T15:00:00.000Z',
  decidedAt: null,
};
const noCertificate: TradeApplication = {
  ...pending,
  id: 'b1c2d3e4-0000-4000-8000-000000000002',
  businessName: 'Fleet Fixers',
  customerName: 'Frank Fixer',
  customerEmail: 'frank@fleet.example',
  taxId: '12-3456789',
  certificate: null,
  hasCertificateFile: false,
  note: null,
};
const refused: TradeApplication = {
  ...noCertificate,
  id: 'c1c2d3e4-0000-4000-8000-000000000003',
  businessName: 'Corner Auto',
  status: 'refused',
  decisionNote: 'No tax id on file with the state.',
  decidedAt: '2026-11-20T10:00:00.000Z',
};

mockApi(
  http.get('/api/trade-applications', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    return json({
      applications: status === 'pending' ? [pending, noCertificate] : status === 'refused' ? [refused] : [],
    });
  }),
  http.post('/api/trade-applications/:id/decision', () => json({ ...pending, status: 'approved' })),
  http.get('/api/customer-groups', () =>
    json({
      groups: [
        {
          id: FLEET,
          name: 'Fleet',
          priceList: { percentOffBasisPoints: 1500, categories: [], netPrices: [] },
          members: 2,
          updatedAt: '2026-11-01T00:00:00.000Z',
        },
      ],
    }),
  ),
);

const rows = () => [...screen().querySelectorAll('[data-testid="trade-applications"] tbody tr')];
const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');

describe('the trade applications page', () => {
  it('is for managers and the owner only', () => {
    expect(pageAccess.tradeApplications).toBe('trade.write');
    expect(may('manager', 'trade.write')).toBe(true);
    expect(may('owner', 'trade.write')).toBe(true);
    expect(may('staff', 'trade.write')).toBe(false);
  });

  it('lists pending applications first, with their certificates and a link to the file', async () => {
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    expect(sent('GET', '/api/trade-applications')).toHaveLength(1);
    expect(rows()).toHaveLength(2);
    const [rita, fleet] = rows();
    expect(rita?.textContent).toContain('rita@garage.example');
    expect(rita?.textContent).toContain('38-1234567');
    expect(rita?.textContent).toContain('MI-RS-40021');
    expect(rita?.textContent).toContain('MI, OH, until 2027-06-30');
    expect(rita?.textContent).toContain('2026-12-01');
    const download = rita?.querySelector('a[download]');
    expect(download?.getAttribute('href')).toBe(`/api/trade-applications/${ID}/certificate`);
    expect(download?.getAttribute('aria-label')).toBe('Download the certificate of Rita’s Garage LLC');
    expect(fleet?.textContent).toContain('None');
    expect(fleet?.querySelector('a[download]')).toBeNull();
  });

  it('filters by status, asking the store for that status', async () => {
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    type(field<HTMLSelectElement>('Show'), 'refused');
    await shows('Corner Auto');
    expect(text()).toContain('No tax id on file with the state.');
    expect(text()).not.toContain('Rita’s Garage LLC');
    expect(address()).toBe('/dashboard/trade-applications?status=refused');
    expect(screen().querySelector('button[aria-label^="Approve"]')).toBeNull();
    type(field<HTMLSelectElement>('Show'), 'approved');
    await shows('No approved applications.');
    const paths = calls.filter((c) => c.path.startsWith('/api/trade-applications')).map((c) => c.path);
    expect(paths).toEqual([
      '/api/trade-applications?status=pending',
      '/api/trade-applications?status=refused',
      '/api/trade-applications?status=approved',
    ]);
  });

  it('approves with the percent off list and keeps the certificate unless unticked', async () => {
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    await click('Approve Rita’s Garage LLC');
    await waitFor(() => expect(dialog()).not.toBeNull());
    const box = dialog() as HTMLDialogElement;
    expect(field('Percent off list price', box).value).toBe('10');
    expect(field('Keep the certificate', box).checked).toBe(true);
    type(field('Percent off list price', box), '12.5');
    await submit(box.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(sent('POST', `/api/trade-applications/${ID}/decision`)).toHaveLength(1));
    expect(sent('POST', `/api/trade-applications/${ID}/decision`)).toEqual([
      {
        approve: true,
        priceList: { percentOffBasisPoints: 1250, categories: [], netPrices: [] },
        keepCertificate: true,
      },
    ]);
    await shows('Rita’s Garage LLC buys at trade terms now');

    // Unticked, the certificate is not kept; with none applied, there is nothing to keep.
    await click('Approve Rita’s Garage LLC');
    await waitFor(() => expect(dialog()).not.toBeNull());
    await tick(field('Keep the certificate', dialog() as HTMLDialogElement));
    await submit((dialog() as HTMLDialogElement).querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(sent('POST', `/api/trade-applications/${ID}/decision`)).toHaveLength(2));
    expect(sent('POST', `/api/trade-applications/${ID}/decision`)[1]).toEqual({
      approve: true,
      priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
      keepCertificate: false,
    });

    await waitFor(() => expect(dialog()).toBeNull());
    await click('Approve Fleet Fixers');
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(() => field('Keep the certificate', dialog() as HTMLDialogElement)).toThrow();
    await submit((dialog() as HTMLDialogElement).querySelector('form') as HTMLFormElement);
    await waitFor(() =>
      expect(sent('POST', `/api/trade-applications/${noCertificate.id}/decision`)).toEqual([
        {
          approve: true,
          priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
          keepCertificate: false,
        },
      ]),
    );
  });

  it('approves into a customer group when one is chosen', async () => {
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    await click('Approve Rita’s Garage LLC');
    await waitFor(() => expect(dialog()).not.toBeNull());
    const box = dialog() as HTMLDialogElement;
    const group = field<HTMLSelectElement>('Customer group (optional)', box);
    expect(group.value).toBe('');
    await waitFor(() => expect(group.options.length).toBe(2));
    type(group, FLEET);
    await shows("It buys at the group's price list");
    await submit(box.querySelector('form') as HTMLFormElement);
    await waitFor(() =>
      expect(sent('POST', `/api/trade-applications/${ID}/decision`)).toEqual([
        {
          approve: true,
          priceList: { percentOffBasisPoints: 1000, categories: [], netPrices: [] },
          keepCertificate: true,
          groupId: FLEET,
        },
      ]),
    );
  });

  it('does not approve with a percent that is no percent', async () => {
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    await click('Approve Rita’s Garage LLC');
    await waitFor(() => expect(dialog()).not.toBeNull());
    type(field('Percent off list price', dialog() as HTMLDialogElement), 'ten');
    await submit((dialog() as HTMLDialogElement).querySelector('form') as HTMLFormElement);
    await shows('Enter the percent off list as a number, like 10 or 12.5.');
    expect(sent('POST', `/api/trade-applications/${ID}/decision`)).toEqual([]);
  });

  it('refuses only with a reason, and sends it', async () => {
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    await click('Refuse Rita’s Garage LLC');
    await waitFor(() => expect(dialog()).not.toBeNull());
    const box = dialog() as HTMLDialogElement;
    const confirm = [...box.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Refuse');
    expect(confirm?.disabled).toBe(true);
    type(field<HTMLTextAreaElement>('Reason, for the shop', box), '  The certificate has expired.  ');
    expect(confirm?.disabled).toBe(false);
    await click('Refuse', box);
    await waitFor(() =>
      expect(sent('POST', `/api/trade-applications/${ID}/decision`)).toEqual([
        { approve: false, reason: 'The certificate has expired.' },
      ]),
    );
    await shows("Rita’s Garage LLC's application refused");
  });

  it("shows the store's refusal of a decision", async () => {
    answer(
      http.post('/api/trade-applications/:id/decision', () =>
        refusal(409, 'CONFLICT', 'This application is decided already.'),
      ),
    );
    await renderPage(<TradeApplicationsPage />, { address: '/dashboard/trade-applications' });
    await shows('Rita’s Garage LLC');
    await click('Approve Rita’s Garage LLC');
    await waitFor(() => expect(dialog()).not.toBeNull());
    await submit((dialog() as HTMLDialogElement).querySelector('form') as HTMLFormElement);
    await shows('This application is decided already.');
    expect(dialog()).not.toBeNull();
  });
});
