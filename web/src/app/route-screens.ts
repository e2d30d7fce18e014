import type { ComponentType } from 'react';
import type { RouteId } from './routes';

type ScreenLoader = () => Promise<{ Component: ComponentType }>;

/**
 * The screen of every route in the table, loaded on demand so each screen is its own chunk.
 * Typed by RouteId: a route without a screen does not compile. A screen showing more than one
 * feature is put together in screens/: features meet there, never in each other's code.
 */
export const ROUTE_SCREENS: Record<RouteId, ScreenLoader> = {
  tags: async () => ({ Component: (await import('../features/tags/routes/tags-route')).TagsRoute }),
  'team-members': async () => ({
    Component: (await import('./screens/team-members-screen')).TeamMembersScreen,
  }),
  'team-member-detail': async () => ({
    Component: (await import('../features/team-members/routes/team-member-detail-route'))
      .TeamMemberDetailRoute,
  }),
  admin: async () => ({ Component: (await import('../features/admin/routes/admin-route')).AdminRoute }),
  identifiers: async () => ({
    Component: (await import('../features/identifiers/routes/identifiers-route')).IdentifiersRoute,
  }),
  'identifier-new': async () => ({
    Component: (await import('../features/identifiers/routes/new-identifier-route')).NewIdentifierRoute,
  }),
  validation: async () => ({
    Component: (await import('../features/identifiers/routes/validation-route')).ValidationRoute,
  }),
  evidence: async () => ({
    Component: (await import('../features/evidence/routes/evidence-route')).EvidenceRoute,
  }),
  cases: async () => ({ Component: (await import('../features/cases/routes/cases-route')).CasesRoute }),
  'case-detail': async () => ({
    Component: (await import('./screens/case-detail-screen')).CaseDetailScreen,
  }),
  profile: async () => ({
    Component: (await import('../features/profile/routes/profile-route')).ProfileRoute,
  }),
  search: async () => ({ Component: (await import('./screens/search-screen')).SearchScreen }),
  'profile-test': async () => ({
    Component: (await import('../features/showcase/routes/profile-test-route')).ProfileTestRoute,
  }),
  automations: async () => ({
    Component: (await import('../features/automations/routes/automations-route')).AutomationsRoute,
  }),
  'automation-detail': async () => ({
    Component: (await import('../features/automations/routes/automation-detail-route')).AutomationDetailRoute,
  }),
  'export-streams': async () => ({
    Component: (await import('../features/export-streams/routes/export-streams-route')).ExportStreamsRoute,
  }),
  groups: async () => ({ Component: (await import('../features/groups/routes/groups-route')).GroupsRoute }),
  'group-detail': async () => ({
    Component: (await import('../features/groups/routes/group-detail-route')).GroupDetailRoute,
  }),
  components: async () => ({
    Component: (await import('../features/showcase/routes/components-route')).ComponentsRoute,
  }),
  'originator-badge-demo': async () => ({
    Component: (await import('../features/showcase/routes/originator-badge-demo-route'))
      .OriginatorBadgeDemoRoute,
  }),
  tables: async () => ({ Component: (await import('../features/showcase/routes/tables-route')).TablesRoute }),
  login: async () => ({ Component: (await import('../features/auth/routes/login-route')).LoginRoute }),
  'device-authorization': async () => ({
    Component: (await import('../features/device-authorization/routes/device-authorization-route'))
      .DeviceAuthorizationRoute,
  }),
  logout: async () => ({
    Component: (await import('../features/auth/routes/logged-out-route')).LoggedOutRoute,
  }),
  forbidden: async () => ({
    Component: (await import('../features/errors/routes/forbidden-route')).ForbiddenRoute,
  }),
  'not-found': async () => ({
    Component: (await import('../features/errors/routes/not-found-route')).NotFoundRoute,
  }),
};
