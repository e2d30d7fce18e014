import { Link } from 'react-router';
import { PageLayout } from '../../../components/page-layout';
import { AccordionsSection } from '../components/accordions-section';
import { ButtonsSection } from '../components/buttons-section';
import { CardsSection } from '../components/cards-section';
import { ModalsSection } from '../components/modals-section';
import { NotificationsSection } from '../components/notifications-section';
import { TagsSection } from '../components/tags-section';
import { paths } from '../../../lib/paths';

const SECTIONS = [
  { id: 'buttons', label: 'Buttons' },
  { id: 'cards', label: 'Cards' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'tags', label: 'Tags' },
  { id: 'modals', label: 'Modals' },
  { id: 'accordions', label: 'Accordions' },
];

const DEMO_LINKS = [
  { to: paths.tables(), label: 'Data tables' },
  { to: paths.originatorBadgeDemo(), label: 'Originator badge' },
  { to: paths.profileTest(), label: 'Profile layout' },
  { to: paths.home(), label: 'Back to the app' },
];

/** Components Showcase (/components): the Carbon building blocks as Scamtrail uses them. */
export function ComponentsRoute() {
  return (
    <PageLayout
      breadcrumbs={[{ label: 'Home', to: paths.home() }]}
      title="Components Showcase"
      description="The Carbon components Scamtrail is built from, with the product's defaults."
    >
      <nav aria-label="On this page" className="showcase-nav">
        {SECTIONS.map((section) => (
          <Link key={section.id} to={{ hash: section.id }} className="cds--link">
            {section.label}
          </Link>
        ))}
        <span className="showcase-nav__divider" aria-hidden>
          |
        </span>
        {DEMO_LINKS.map((link) => (
          <Link key={link.to} to={link.to} className="cds--link">
            {link.label}
          </Link>
        ))}
      </nav>
      <ButtonsSection />
      <CardsSection />
      <NotificationsSection />
      <TagsSection />
      <ModalsSection />
      <AccordionsSection />
    </PageLayout>
  );
}
