import { Breadcrumb, BreadcrumbItem, OverflowMenu, OverflowMenuItem } from '@carbon/react';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { WrappingText } from './wrapping-text';

export interface Crumb {
  label: string;
  /** Omit for a section without a page of its own, and for the current page. */
  to?: string;
}

interface PageLayoutProps {
  /** Trail above the heading, not counting the current page, which is added from `title`. */
  breadcrumbs?: Crumb[];
  title: string;
  /** The current page in the breadcrumb, when it is not the title (a case's "#42"). */
  crumb?: string;
  description?: ReactNode;
  /** Page-level actions, shown beside the heading. */
  actions?: ReactNode;
  children?: ReactNode;
}

function CrumbItem({ crumb }: { crumb: Crumb }) {
  return crumb.to ? (
    <BreadcrumbItem>
      <Link to={crumb.to}>{crumb.label}</Link>
    </BreadcrumbItem>
  ) : (
    <BreadcrumbItem className="page-layout__crumb-section">{crumb.label}</BreadcrumbItem>
  );
}

/**
 * The trail folded to fit one line: the first crumb and the last stay; of those between, the ones that
 * link go into the overflow menu. A section without a page of its own ("Data Management") would be a
 * menu item that does nothing, so it is left out, and with nothing to link there is no menu.
 */
export function foldTrail(breadcrumbs: Crumb[]): { shown: Crumb[]; menu: Crumb[] } {
  if (breadcrumbs.length < 3) return { shown: breadcrumbs, menu: [] };
  return {
    shown: [breadcrumbs[0], breadcrumbs.at(-1)!],
    menu: breadcrumbs.slice(1, -1).filter((crumb) => crumb.to),
  };
}

/**
 * How the trail fits one line: whole; with the current page's crumb cut short with an ellipsis (the
 * page's own title, which the heading just below writes whole); or folded (foldTrail).
 */
type TrailFit = 'whole' | 'shortened' | 'folded';

/** The least of the current crumb a shortened trail shows: less, and the trail folds instead. */
const SHORTENED_CRUMB_MIN_PX = 96;

/**
 * The trail on one line, as Carbon's breadcrumb asks. Where it does not fit (a phone), the current
 * page's crumb is cut short first, so the way there (Home / Users / Automations) stays readable, as on
 * a detail page whose name is short; only when even that leaves too little of it do the first crumb
 * and the last two stay, and those between go into an overflow menu (foldTrail).
 */
function Trail({ breadcrumbs, current }: { breadcrumbs: Crumb[]; current: string }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(0);
  const [fit, setFit] = useState<TrailFit>('whole');
  // Whole, the trail is measured before it is painted; a change of width measures it whole again.
  useLayoutEffect(() => {
    const nav = ref.current;
    if (!nav || typeof ResizeObserver === 'undefined') return;
    let measured = Math.round(nav.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry.contentRect.width);
      if (next === measured) return;
      measured = next;
      setFit('whole');
      setWidth(next);
    });
    observer.observe(nav);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const nav = ref.current;
    if (fit === 'folded' || !nav || breadcrumbs.length < 2) return;
    const items = Array.from(nav.querySelectorAll<HTMLElement>('.cds--breadcrumb-item'));
    const tops = items.map((item) => Math.round(item.getBoundingClientRect().top));
    const wraps = new Set(tops).size > 1;
    if (fit === 'whole') {
      if (wraps) setFit('shortened');
      return;
    }
    const shown = items.at(-1)?.getBoundingClientRect().width ?? 0;
    if (wraps || shown < SHORTENED_CRUMB_MIN_PX) setFit('folded');
  }, [fit, width, breadcrumbs, current]);

  const { shown, menu } = fit === 'folded' ? foldTrail(breadcrumbs) : { shown: breadcrumbs, menu: [] };
  return (
    <Breadcrumb
      noTrailingSlash
      aria-label="Breadcrumb"
      ref={ref}
      className={fit === 'shortened' ? 'page-layout__trail--shortened' : undefined}
    >
      {shown.length > 0 && <CrumbItem crumb={shown[0]} />}
      {menu.length > 0 && (
        <BreadcrumbItem>
          <OverflowMenu align="bottom" aria-label="More of the trail" iconDescription="More of the trail">
            {menu.map((crumb) => (
              <OverflowMenuItem
                key={crumb.label}
                itemText={crumb.label}
                onClick={() => navigate(crumb.to!)}
              />
            ))}
          </OverflowMenu>
        </BreadcrumbItem>
      )}
      {shown.slice(1).map((crumb) => (
        <CrumbItem key={crumb.label} crumb={crumb} />
      ))}
      <BreadcrumbItem isCurrentPage>{current}</BreadcrumbItem>
    </Breadcrumb>
  );
}

/** The frame of every screen: breadcrumb, heading, description, then content. */
export function PageLayout({
  breadcrumbs = [],
  title,
  crumb = title,
  description,
  actions,
  children,
}: PageLayoutProps) {
  return (
    <div className="page-layout">
      <div className="page-layout__header">
        <Trail breadcrumbs={breadcrumbs} current={crumb} />
        <div className="page-layout__heading-row">
          <div className="page-layout__heading">
            <h1 className="page-layout__title">
              {/* A case or group named after an address breaks at the address's own points. */}
              <WrappingText text={title} />
            </h1>
            {description && <p className="page-layout__description">{description}</p>}
          </div>
          {actions && <div className="page-layout__actions">{actions}</div>}
        </div>
      </div>
      <div className="page-layout__content">{children}</div>
    </div>
  );
}
