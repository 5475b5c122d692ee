import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { createQueryClient } from '@web/lib/query-client';
import { type ReactNode, useState } from 'react';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
