/**
 * Every screen's URL, from one table. ROUTE_PATHS holds each route's React Router path pattern by route
 * id (app/routes.ts gives each route its title and access); `paths` builds the URLs that links,
 * `navigate` and redirects go to, so a screen URL that is not in the table cannot be written. It sits in
 * lib/ because components/ and lib/ link to screens too and may not import app/.
 */
export const ROUTE_PATHS = {
  tags: '/tags',
  'team-members': '/team-members',
  'team-member-detail': '/team-members/:id',
  admin: '/admin',
  identifiers: '/identifiers',
  'identifier-new': '/identifiers/new',
  validation: '/validation',
  evidence: '/evidence',
  cases: '/cases',
  'case-detail': '/cases/:id',
  profile: '/profile',
  search: '/search',
  'profile-test': '/profile-test',
  automations: '/automations',
  'automation-detail': '/automations/:id',
  'export-streams': '/export-streams',
  groups: '/groups',
  'group-detail': '/groups/:id',
  components: '/components',
  'originator-badge-demo': '/components/originator-badge',
  tables: '/tables',
  login: '/login',
  'device-authorization': '/auth/device',
  logout: '/logout',
  forbidden: '/forbidden',
  'not-found': '*',
} as const;

export type RouteId = keyof typeof ROUTE_PATHS;

/** The app's root: not a screen of its own, it redirects to the case list (app/routes.ts ROOT_REDIRECT). */
export const ROOT_PATH = '/';

/** The route ids whose pattern has one `:id` parameter. */
type DetailRouteId = {
  [Id in RouteId]: (typeof ROUTE_PATHS)[Id] extends `${string}/:id` ? Id : never;
}[RouteId];

/**
 * A screen's query: name -> value pairs, or the URLSearchParams a screen's own parameter writer built
 * (e.g. writeCaseListParams), which keep their form encoding (a space as `+`).
 */
type Query<Names extends string> = Partial<Record<Names, string>> | URLSearchParams;

/**
 * `path?query`, or `path` alone when the query is empty. Pairs are encoded with encodeURIComponent (a
 * space as `%20`), as the app's links always were, so a redirect target's `/`, `?` and `#` stay in its value.
 */
function withQuery(path: string, query: Query<string> = {}): string {
  const text =
    query instanceof URLSearchParams
      ? query.toString()
      : Object.entries(query)
          .filter((pair): pair is [string, string] => pair[1] !== undefined)
          .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
          .join('&');
  return text ? `${path}?${text}` : path;
}

/** A detail screen's path: its pattern with the `:id` filled in, encoded. */
function detail(id: DetailRouteId, value: string, query?: Query<string>): string {
  return withQuery(ROUTE_PATHS[id].replace(':id', encodeURIComponent(value)), query);
}

/**
 * The URL of every screen the app links to (a screen reached only from the side navigation takes its
 * path from the route table). Query names are those the screen reads.
 */
export const paths = {
  home: () => ROOT_PATH,
  tags: () => ROUTE_PATHS.tags,
  teamMembers: () => ROUTE_PATHS['team-members'],
  teamMemberDetail: (id: string) => detail('team-member-detail', id),
  /** `open`: the identifier whose dialog is open. */
  identifiers: (query?: Query<'open'>) => withQuery(ROUTE_PATHS.identifiers, query),
  /** `open`: the evidence item whose dialog is open. */
  evidence: (query?: Query<'open'>) => withQuery(ROUTE_PATHS.evidence, query),
  /** The list's filters, as the case list's parameter writer builds them. */
  cases: (query?: URLSearchParams) => withQuery(ROUTE_PATHS.cases, query),
  /** `tab`: the tab shown (the timeline's own filters come as its parameter writer builds them). */
  caseDetail: (id: string, query?: Query<'tab'>) => detail('case-detail', id, query),
  profile: () => ROUTE_PATHS.profile,
  /** `q`: the searched text. */
  search: (query?: Query<'q'>) => withQuery(ROUTE_PATHS.search, query),
  profileTest: () => ROUTE_PATHS['profile-test'],
  automations: () => ROUTE_PATHS.automations,
  automationDetail: (id: string) => detail('automation-detail', id),
  exportStreams: () => ROUTE_PATHS['export-streams'],
  groups: () => ROUTE_PATHS.groups,
  groupDetail: (id: string) => detail('group-detail', id),
  components: () => ROUTE_PATHS.components,
  originatorBadgeDemo: () => ROUTE_PATHS['originator-badge-demo'],
  tables: () => ROUTE_PATHS.tables,
  /** `redirect`: where sign-in sends the user afterwards (path, query and hash). */
  login: (query?: Query<'redirect'>) => withQuery(ROUTE_PATHS.login, query),
  logout: () => ROUTE_PATHS.logout,
  forbidden: () => ROUTE_PATHS.forbidden,
};
