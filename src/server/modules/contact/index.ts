import type { ModuleDescriptor } from '../../kernel/jobs';

/** The contact form's messages and the admins' replies (the Inbox). */
export const contactModule: ModuleDescriptor = {
  name: 'modules/contact',
  tables: ['contact_messages', 'contact_replies'],
};

export { saveContactMessage } from './contact.service';
export {
  findContactMessage,
  findContactReply,
  getInboxMessage,
  listInbox,
  markInbox,
  replyToMessage,
  unreadCount,
  wroteWithinAnHourBefore,
} from './inbox.service';
