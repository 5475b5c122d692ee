import type { ContactMessageCreated, ContactMessageInput } from '@contract/contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: async (input: ContactMessageInput) =>
      (await apiRequest<ContactMessageCreated>('/contact', { method: 'POST', body: input })).data,
  });
