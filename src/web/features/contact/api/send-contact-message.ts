import { useMutation } from '@tanstack/react-query';
import type { ContactMessageCreated, ContactMessageInput } from '../../../../contract/contact';
import { apiRequest } from '../../../lib/api-client';

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: async (input: ContactMessageInput) =>
      (await apiRequest<ContactMessageCreated>('/contact', { method: 'POST', body: input })).data,
  });
