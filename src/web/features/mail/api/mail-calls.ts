import type { MailList, MailView } from '@contract/mail';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@web/lib/api-client';
import { mailKeys } from './keys';

/** GET /manage/mails: the Mailbox, newest first. */
export const useMails = () =>
  useQuery({
    queryKey: mailKeys.all,
    queryFn: ({ signal }) => apiGet<MailList>('/manage/mails', signal),
  });

/** GET /manage/mails/:id: one mail with its HTML and text versions. */
export const useMail = (id: string) =>
  useQuery({
    queryKey: mailKeys.one(id),
    queryFn: ({ signal }) => apiGet<MailView>(`/manage/mails/${encodeURIComponent(id)}`, signal),
  });
