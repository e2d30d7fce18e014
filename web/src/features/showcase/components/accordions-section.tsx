import { Toggle } from '@carbon/react';
import { useState } from 'react';
import { AppAccordion, type AccordionEntry } from '../../../components/app-accordion';
import { ShowcaseSection } from './showcase-section';
import '../../../styles/carbon/toggle.scss';

const ITEMS: AccordionEntry[] = [
  {
    id: 'romance',
    title: 'Romance scams',
    subtitle: 'Trust built over weeks',
    content: 'A contact met online asks for money for travel, medical bills or customs fees.',
    open: true,
  },
  {
    id: 'investment',
    title: 'Investment scams',
    subtitle: 'Returns too good to be true',
    content: 'A platform shows growing balances that can never be withdrawn without more deposits.',
  },
  {
    id: 'tech-support',
    title: 'Tech support scams',
    content: 'A pop-up or caller claims the computer is infected and asks for remote access.',
  },
  {
    id: 'recovery',
    title: 'Recovery scams',
    subtitle: 'Not documented yet',
    content: 'Victims are offered help getting their money back, for a fee.',
    disabled: true,
  },
];

/** The accordion, alone or in exclusive mode (opening an item closes the others). */
export function AccordionsSection() {
  const [exclusive, setExclusive] = useState(false);
  return (
    <ShowcaseSection id="accordions" title="Accordions">
      <div className="showcase-row">
        <Toggle
          id="showcase-accordion-exclusive"
          labelText="Exclusive mode"
          labelA="Off"
          labelB="On"
          toggled={exclusive}
          onToggle={setExclusive}
        />
      </div>
      <AppAccordion items={ITEMS} exclusive={exclusive} />
    </ShowcaseSection>
  );
}
