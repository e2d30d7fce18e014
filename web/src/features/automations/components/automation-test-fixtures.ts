import type { AutomationDetail, CreatedApiKey } from '@scamtrail/domain/automations';

/** Records the automation screens' tests answer with: one automation and one of its API keys. */
export const AUTOMATION_ID = '22222222-2222-4222-8222-222222222222';

export const API_KEY: CreatedApiKey['apiKey'] = {
  id: '33333333-3333-4333-8333-333333333333',
  automationId: AUTOMATION_ID,
  name: 'ci',
  prefix: 'stk_AbCdEf_0',
  scopes: ['tag.view'],
  status: 'active',
  createdAt: '2026-06-01T10:00:00.000Z',
  createdBy: 'admin-1',
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
};

export const AUTOMATION: AutomationDetail = {
  id: AUTOMATION_ID,
  type: 'automation',
  name: 'Inbox Scanner',
  displayName: 'Inbox Scanner (Automation)',
  active: true,
  teamMember: null,
  communityMember: null,
  systemName: 'Inbox Scanner',
  description: 'Scans the abuse inbox',
  webhookUrl: null,
  lastTriggered: null,
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:00:00.000Z',
  apiKeys: [],
};
