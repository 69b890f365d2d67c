import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthDialogsProvider } from '@/features/auth';
import { seedSessionFromPage } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => {
    if (queryClient) return queryClient;
    const qc = createQueryClient();
    seedSessionFromPage(qc);
    return qc;
  });
  return (
    <QueryClientProvider client={client}>
      <AuthDialogsProvider>{children}</AuthDialogsProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
