import { Tile } from '@carbon/react';
import type { ReactNode } from 'react';
import { OriginatorBadge } from '../../../components/originator-badge/originator-badge';
import { PageLayout } from '../../../components/page-layout';
import {
  DEMO_AUTOMATION,
  DEMO_COMMUNITY_VIA_AUTOMATION,
  DEMO_COMMUNITY_MEMBER,
  DEMO_INVALID_SIGNATURE,
  DEMO_TEAM_MEMBER,
  DEMO_COMMUNITY_VIA_TEAM_MEMBER,
  DEMO_VALID_SIGNATURE,
} from '../components/originator-badge-samples';
import '../components/originator-badge-demo.scss';
import { ShowcaseSection } from '../components/showcase-section';
import { paths } from '../../../lib/paths';
import '../../../components/tile-grid.scss';

function Variant({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <li>
      <Tile className="badge-variant">
        <h3 className="admin-tile__title">{title}</h3>
        <p className="admin-tile__text">{text}</p>
        <div className="badge-variant__badge">{children}</div>
      </Tile>
    </li>
  );
}

const verifyValid = () => Promise.resolve(DEMO_VALID_SIGNATURE);
const verifyFailing = () => Promise.reject(new Error('Verification service unavailable'));

/** Originator Badge Demo (/components/originator-badge): every variant of the badge (spec 2.4). */
export function OriginatorBadgeDemoRoute() {
  return (
    <PageLayout
      breadcrumbs={[
        { label: 'Home', to: paths.home() },
        { label: 'Components', to: paths.components() },
      ]}
      title="Originator Badge Demo"
      description="The badge that shows who recorded a record and whether a journal entry is signed. Click a badge to open its details. The originators here are samples, so the details come from the data on this page."
    >
      <ShowcaseSection id="types" title="Originator types">
        <ul className="tile-grid">
          <Variant title="Team member" text="A staff member with an account.">
            <OriginatorBadge originator={DEMO_TEAM_MEMBER} />
          </Variant>
          <Variant title="Community member" text="An outside reporter; reputation 120 (green).">
            <OriginatorBadge originator={DEMO_COMMUNITY_MEMBER} />
          </Variant>
          <Variant title="Automation" text="A system acting through an API key.">
            <OriginatorBadge originator={DEMO_AUTOMATION} />
          </Variant>
        </ul>
      </ShowcaseSection>
      <ShowcaseSection id="proxy" title="Entered on behalf of someone">
        <ul className="tile-grid">
          <Variant
            title="Community member, entered by a team member"
            text="A report taken by phone and entered by staff."
          >
            <OriginatorBadge originator={DEMO_COMMUNITY_VIA_TEAM_MEMBER} />
          </Variant>
          <Variant
            title="Community member, entered by an automation"
            text="A forwarded e-mail processed by the scanner."
          >
            <OriginatorBadge originator={DEMO_COMMUNITY_VIA_AUTOMATION} />
          </Variant>
        </ul>
      </ShowcaseSection>
      <ShowcaseSection id="signatures" title="Journal entry signatures">
        <ul className="tile-grid">
          <Variant title="Unsigned" text="No lock; the entry has not been signed.">
            <OriginatorBadge originator={DEMO_TEAM_MEMBER} signature={{ isSigned: false }} />
          </Variant>
          <Variant title="Signed and verified" text="A lock; the signature matches the entry.">
            <OriginatorBadge
              originator={DEMO_TEAM_MEMBER}
              signature={{ isSigned: true, info: DEMO_VALID_SIGNATURE }}
            />
          </Variant>
          <Variant title="Signed but invalid" text="A lock; the entry changed after signing.">
            <OriginatorBadge
              originator={DEMO_TEAM_MEMBER}
              signature={{ isSigned: true, info: DEMO_INVALID_SIGNATURE }}
            />
          </Variant>
          <Variant title="Verified on opening" text="The signature is checked each time the details open.">
            <OriginatorBadge
              originator={DEMO_TEAM_MEMBER}
              signature={{ isSigned: true }}
              verify={verifyValid}
            />
          </Variant>
          <Variant title="Verification failing" text="The check fails: the signature is shown as invalid.">
            <OriginatorBadge
              originator={DEMO_TEAM_MEMBER}
              signature={{ isSigned: true }}
              verify={verifyFailing}
            />
          </Variant>
        </ul>
      </ShowcaseSection>
    </PageLayout>
  );
}
