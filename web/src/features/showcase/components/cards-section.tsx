import { ClickableTile, SelectableTile, Tile } from '@carbon/react';
import { ArrowRight } from '@carbon/icons-react';
import { useNavigate } from 'react-router';
import { spaNavigate } from '../../../lib/spa-link';
import { ShowcaseSection } from './showcase-section';
import { paths } from '../../../lib/paths';
import '../../../components/tile-grid.scss';

export function CardsSection() {
  const navigate = useNavigate();
  return (
    <ShowcaseSection id="cards" title="Cards">
      <div className="tile-grid">
        <div>
          <Tile className="showcase-card">
            <h3 className="showcase-card__title">Tile</h3>
            <p className="showcase-card__text">
              A plain container for related content, such as a case summary.
            </p>
          </Tile>
        </div>
        <div>
          <ClickableTile
            href={paths.tables()}
            className="showcase-card"
            onClick={spaNavigate(navigate, paths.tables())}
          >
            <h3 className="showcase-card__title">Clickable tile</h3>
            <p className="showcase-card__text">
              The whole card is a link. This one opens the data tables demo.
            </p>
            <ArrowRight aria-hidden />
          </ClickableTile>
        </div>
        <div>
          <SelectableTile id="showcase-selectable" className="showcase-card">
            <h3 className="showcase-card__title">Selectable tile</h3>
            <p className="showcase-card__text">
              Click to select it, as when choosing records for a batch action.
            </p>
          </SelectableTile>
        </div>
      </div>
    </ShowcaseSection>
  );
}
