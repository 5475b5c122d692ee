import type { InboxList, InboxMessage, InboxReplyInput, InboxUpdate } from '@contract/inbox';
import {
  button,
  click,
  field,
  http,
  json,
  mockApi,
  renderPage,
  screen,
  sent,
  shows,
  type,
  waitFor,
} from '@web/test/page';
import { beforeEach, describe, expect, it } from 'vitest';
import { InboxMessagePage, InboxPage } from './inbox-page';

/** Two messages: one new, one read, handled and answered once. */
const list: InboxList = {
  unread: 1,
  messages: [
    {
      id: 'msg-2',
      name: 'Dana Driver',
      email: 'dana@example.com',
      excerpt: 'Do the rear pads fit a 2013 Civic?',
      createdAt: '2026-11-25T09:00:00.000Z',
      readAt: null,
      handledAt: null,
      replyCount: 0,
    },
    {
      id: 'msg-1',
      name: 'Evan Owner',
      email: 'evan@example.com',
      excerpt: 'Thanks for the quick delivery.',
      createdAt: '2026-11-20T09:00:00.000Z',
      readAt: '2026-11-20T10:00:00.000Z',
      handledAt: '2026-11-20T10:05:00.000Z',
      replyCount: 1,
    },
  ],
};

const unread = (): InboxMessage => ({
  id: 'msg-2',
  name: 'Dana Driver',
  email: 'dana@example.com',
  message: 'Do the rear pads fit a 2013 Civic?\nIt is the EX trim.',
  createdAt: '2026-11-25T09:00:00.000Z',
  readAt: null,
  handledAt: null,
  replyCount: 0,
  replies: [],
});
let message: InboxMessage;

mockApi(
  http.get('/api/manage/notifications', () => json({ emailOnNewOrder: true, emailOnNewMessage: true })),
  http.get('/api/manage/inbox', () => json(list)),
  http.get('/api/manage/inbox/unread', () => json({ unread: list.unread })),
  http.get('/api/manage/inbox/:id', () => json(message)),
  http.patch('/api/manage/inbox/:id', async ({ request }) => {
    const update = (await request.json()) as InboxUpdate;
    const at = '2026-11-25T10:00:00.000Z';
    if (update.read !== undefined) message = { ...message, readAt: update.read ? at : null };
    if (update.handled !== undefined) message = { ...message, handledAt: update.handled ? at : null };
    return json(message);
  }),
  http.post('/api/manage/inbox/:id/replies', async ({ request }) => {
    const { body } = (await request.json()) as InboxReplyInput;
    message = {
      ...message,
      replyCount: message.replyCount + 1,
      replies: [
        ...message.replies,
        { id: 'reply-1', body, adminName: 'Mia Manager', createdAt: '2026-11-25T10:10:00.000Z' },
      ],
    };
    return json(message);
  }),
);

beforeEach(() => {
  message = unread();
});

const cards = () => [...screen().querySelectorAll('[aria-label="Messages"] > li')] as HTMLElement[];
const replies = () => screen().querySelector('[aria-label="Replies"]')?.textContent ?? '';
const openMessage = async () => {
  await renderPage(<InboxMessagePage />, {
    address: '/dashboard/inbox/msg-2',
    pattern: '/dashboard/inbox/:id',
  });
  await shows('Message from Dana Driver');
};

describe('the inbox', () => {
  it('lists the messages newest first, says how many are unread, and links each to its page', async () => {
    await renderPage(<InboxPage />, { address: '/dashboard/inbox' });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen().querySelector('p[role="status"]')?.textContent).toBe('1 unread message');

    const [fresh, answered] = cards() as [HTMLElement, HTMLElement];
    expect(fresh.textContent).toContain('dana@example.com');
    expect(fresh.textContent).toContain('Do the rear pads fit a 2013 Civic?');
    expect(fresh.textContent).toContain('Unread');
    expect(fresh.querySelector('a')?.getAttribute('href')).toBe('/dashboard/inbox/msg-2');

    expect(answered.textContent).toContain('Evan Owner');
    expect(answered.textContent).not.toContain('Unread');
    expect(answered.textContent).toContain('Handled');
    expect(answered.textContent).toContain('1 reply');
  });

  it('marks a message read once when it is opened, and shows all of its text', async () => {
    await openMessage();
    expect(screen().textContent).toContain('Dana Driver <dana@example.com>');
    expect(screen().querySelector('p.whitespace-pre-wrap')?.textContent).toBe(
      'Do the rear pads fit a 2013 Civic?\nIt is the EX trim.',
    );
    expect(screen().textContent).toContain('No reply yet.');
    await waitFor(() => expect(sent('PATCH', '/api/manage/inbox/msg-2')).toEqual([{ read: true }]));
    // Read now: it can be marked unread again.
    await waitFor(() => expect(button('Mark unread').hasAttribute('disabled')).toBe(false));
  });

  it('sends a reply with exactly what was typed, then shows it as sent and empties the box', async () => {
    await openMessage();
    type(field('Your reply', screen()), 'Yes, they fit the EX.\nOrder them with the hardware kit.');
    await click('Send reply');
    await shows('Your reply is on its way.');
    expect(sent('POST', '/api/manage/inbox/msg-2/replies')).toEqual([
      { body: 'Yes, they fit the EX.\nOrder them with the hardware kit.' },
    ]);
    await waitFor(() => expect(replies()).toContain('Yes, they fit the EX.'));
    expect(replies()).toContain('Mia Manager');
    expect(screen().textContent).not.toContain('No reply yet.');
    expect(field<HTMLTextAreaElement>('Your reply').value).toBe('');
  });

  it('sends no empty reply, and marks the message handled', async () => {
    await openMessage();
    type(field('Your reply'), '   ');
    await click('Send reply');
    await shows('Reply is Required');
    expect(sent('POST', '/api/manage/inbox/msg-2/replies')).toEqual([]);

    await waitFor(() => expect(sent('PATCH', '/api/manage/inbox/msg-2')).toHaveLength(1));
    await waitFor(() => expect(button('Mark handled').hasAttribute('disabled')).toBe(false));
    await click('Mark handled');
    await waitFor(() => expect(button('Reopen')).toBeDefined());
    expect(sent('PATCH', '/api/manage/inbox/msg-2')).toEqual([{ read: true }, { handled: true }]);
    expect(screen().textContent).toContain('Handled ');
  });
});
