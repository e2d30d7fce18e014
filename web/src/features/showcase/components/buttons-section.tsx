import { Button, ButtonSet } from '@carbon/react';
import { Add, Download, TrashCan } from '@carbon/icons-react';
import { ShowcaseSection } from './showcase-section';

export function ButtonsSection() {
  return (
    <ShowcaseSection id="buttons" title="Buttons">
      <div className="showcase-row">
        <Button>Primary</Button>
        <Button kind="secondary">Secondary</Button>
        <Button kind="tertiary">Tertiary</Button>
        <Button kind="ghost">Ghost</Button>
        <Button kind="danger">Danger</Button>
      </div>
      <div className="showcase-row">
        <Button size="sm" renderIcon={Add}>
          Small with icon
        </Button>
        <Button size="md" kind="tertiary" renderIcon={Download}>
          Medium with icon
        </Button>
        <Button hasIconOnly kind="ghost" renderIcon={TrashCan} iconDescription="Delete" />
        <Button disabled>Disabled</Button>
      </div>
      <ButtonSet className="showcase-button-set">
        <Button kind="secondary">Cancel</Button>
        <Button>Save</Button>
      </ButtonSet>
    </ShowcaseSection>
  );
}
