import type {
  TradeAccountAnswer,
  TradeApplication,
  TradeApplicationAnswer,
  TradeApplicationInput,
} from '@contract/trade';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, sendFileBody } from '@web/lib/api-client';
import { accountKeys } from './keys';

/** The account's own trade terms (the same query My Profile's trade terms read: one call for both). */
export const useMyTradeTerms = () =>
  useQuery({
    queryKey: accountKeys.trade,
    queryFn: ({ signal }) => apiGet<TradeAccountAnswer>('/account/trade', signal),
  });

/** The account's latest application for trade terms, or null (decision 101). */
export const useMyTradeApplication = () =>
  useQuery({
    queryKey: accountKeys.tradeApplication,
    queryFn: ({ signal }) => apiGet<TradeApplicationAnswer>('/account/trade-application', signal),
  });

/**
 * Sends the certificate's scan as the request's body, as it is (its own content type: PDF, PNG or
 * JPEG); the store keeps it with the account's pending application.
 */
export async function sendCertificateFile(file: File): Promise<TradeApplication> {
  return sendFileBody<TradeApplication>(
    '/api/account/trade-application/certificate',
    'PUT',
    file,
    file.type,
    'The certificate file could not be sent.',
  );
}

/** The application's first failure step: the application itself, or the file sent after it. */
export class CertificateFileError extends Error {
  constructor(failure: unknown) {
    super(failure instanceof Error ? failure.message : 'The certificate file could not be sent.');
    this.name = 'CertificateFileError';
  }
}

/**
 * Applies (POST), then sends the certificate's file when one was chosen (PUT). The application
 * shows as sent even when the file failed (a CertificateFileError), so it can be sent again.
 */
export function useApplyForTrade() {
  const queryClient = useQueryClient();
  const remember = (application: TradeApplication) =>
    queryClient.setQueryData<TradeApplicationAnswer>(accountKeys.tradeApplication, { application });
  return useMutation({
    mutationFn: async ({ input, file }: { input: TradeApplicationInput; file: File | null }) => {
      const application = (
        await apiRequest<TradeApplication>('/account/trade-application', { method: 'POST', body: input })
      ).data;
      remember(application);
      if (!file) return application;
      try {
        const withFile = await sendCertificateFile(file);
        remember(withFile);
        return withFile;
      } catch (error) {
        throw new CertificateFileError(error);
      }
    },
  });
}

/** Sends (or sends again) the pending application's certificate file. */
export function useSendCertificateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCertificateFile,
    onSuccess: (application) =>
      queryClient.setQueryData<TradeApplicationAnswer>(accountKeys.tradeApplication, { application }),
  });
}
