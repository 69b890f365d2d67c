import type { PlanChangeInput } from '@plainspoken/shared';
import { call, server } from '@/lib/api';

export function previewPlanChange(input: PlanChangeInput) {
  return call(server.api.functions['preview-plan-change'].$post({ json: input }));
}

export function changePlan(input: PlanChangeInput) {
  return call(server.api.functions['change-plan'].$post({ json: input }));
}
