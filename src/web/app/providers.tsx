import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';

/** Toasts as the spec sets them: top-right, 5000 ms, light (SPEC.md section 9). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={5000} theme="light" />
    </QueryClientProvider>
  );
}
