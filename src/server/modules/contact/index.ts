import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** The contact form's messages and the admins' replies (the Inbox). */
export const contactModule: ModuleDescriptor = {
  name: 'modules/contact',
  tables: ['contact_messages', 'contact_replies'],
};
