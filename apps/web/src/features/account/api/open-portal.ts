import { call, server } from '@/lib/api';

export function getPortalUrl() {
  return call(server.api.functions['paddle-customer-portal'].$post());
}
