import { ClickableTile } from '@carbon/react';
import { DataShare, Document, Tag, UserMultiple } from '@carbon/icons-react';
import type { ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE_PATH } from '../../../lib/api-url';
import { spaNavigate } from '../../../lib/spa-link';
import { PageLayout } from '../../../components/page-layout';
import { paths } from '../../../lib/paths';
import { sectionTrail } from '../../../app/breadcrumbs';
import '../../../components/tile-grid.scss';

interface AdminSection {
  title: string;
  description: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  to: string;
  /** Served by the API, outside the single-page app: a full page load. */
  external?: boolean;
}

const SECTIONS: AdminSection[] = [
  {
    title: 'Team Members',
    description: 'Accounts, roles and access of the staff who use Scamtrail.',
    icon: UserMultiple,
    to: paths.teamMembers(),
  },
  {
    title: 'Tags',
    description: 'The labels investigators attach to cases, evidence and identifiers.',
    icon: Tag,
    to: paths.tags(),
  },
  {
    title: 'Export Streams',
    description: 'Feeds of cases, journal entries, evidence, identifiers and more that other systems read.',
    icon: DataShare,
    to: paths.exportStreams(),
  },
  {
    title: 'API Docs',
    description: 'The OpenAPI reference of every endpoint, for integrations and automations.',
    icon: Document,
    to: `${API_BASE_PATH}/docs`,
    external: true,
  },
];

/** Admin (/admin): the administrator's entry point to the settings only admins can change. */
export function AdminRoute() {
  const navigate = useNavigate();
  return (
    <PageLayout
      breadcrumbs={sectionTrail('admin')}
      title="Admin"
      description="Settings and records that only administrators can change."
    >
      <ul className="tile-grid">
        {SECTIONS.map(({ title, description, icon: Icon, to, external }) => (
          <li key={to}>
            <ClickableTile
              href={to}
              className="admin-tile"
              onClick={external ? undefined : spaNavigate(navigate, to)}
            >
              <Icon size={24} aria-hidden />
              <h2 className="admin-tile__title">{title}</h2>
              <p className="admin-tile__text">{description}</p>
            </ClickableTile>
          </li>
        ))}
      </ul>
    </PageLayout>
  );
}
