import { call, server } from '@/lib/api';

export function syncUsers() {
  return call(server.api.functions['sync-users'].$post());
}
