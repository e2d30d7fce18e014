import { SkeletonText, Tab, TabList, TabPanel, TabPanels, Tabs } from '@carbon/react';
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode, type RefObject } from 'react';
import { isCaseReadOnly, type Case } from '@scamtrail/domain/cases';
import { CASE_TABS, readCaseTab, TAB_PARAM, type CaseTab } from './case-tab-param';
import { CaseTimeline } from '../journal/components/case-timeline';
import '../../../styles/carbon/tabs.scss';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

// The Timeline is what a case opens on; the other tabs' code loads when one is chosen (or named in the
// URL), so a first visit of a case fetches only the timeline's (docs/benchmarks.md, "Bundle size").
const CaseTasksTab = lazy(() =>
  import('./case-tasks-tab').then((module) => ({ default: module.CaseTasksTab })),
);
const CaseIdentifiersTab = lazy(() =>
  import('./case-identifiers-tab').then((module) => ({ default: module.CaseIdentifiersTab })),
);
const CaseHistoryTab = lazy(() =>
  import('./case-history-tab').then((module) => ({ default: module.CaseHistoryTab })),
);

const LABELS: Record<CaseTab, string> = {
  timeline: 'Timeline',
  tasks: 'Tasks',
  evidence: 'Evidence',
  identifiers: 'Identifiers',
  history: 'History',
};

/**
 * Keeps the selected tab whole in view when the tabs scroll (a phone): clear of Carbon's scroll arrows,
 * which lie over the ends of the list. Carbon scrolls a newly selected tab by a fixed arrow width once,
 * before the tabs have their final widths (the case's data and the web font arrive after), which left
 * the selected tab half under the arrow. This runs on selection and again whenever the list or a tab
 * changes size.
 */
function useSelectedTabInView(containerRef: RefObject<HTMLElement | null>, selected: string) {
  useEffect(() => {
    const list = containerRef.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    const reveal = () => {
      const tab = list.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
      if (!tab || list.scrollWidth <= list.clientWidth + 1) return;
      // The arrows are the same width; a hidden one measures 0 (one shows whenever the list scrolls).
      const arrows = containerRef.current!.querySelectorAll<HTMLElement>('.cds--tab--overflow-nav-button');
      const arrow = Math.max(0, ...Array.from(arrows, (button) => button.offsetWidth));
      const listBox = list.getBoundingClientRect();
      const tabBox = tab.getBoundingClientRect();
      const start = tabBox.left - listBox.left + list.scrollLeft;
      const end = start + tabBox.width;
      // The first tab needs no room for the left arrow at the start, nor the last for the right one.
      if (start - arrow < list.scrollLeft) list.scrollLeft = Math.max(0, start - arrow);
      else if (end + arrow > list.scrollLeft + list.clientWidth)
        list.scrollLeft = end + arrow - list.clientWidth;
    };
    reveal();
    const observer = new ResizeObserver(reveal);
    observer.observe(list);
    list.querySelectorAll('[role="tab"]').forEach((tab) => observer.observe(tab));
    return () => observer.disconnect();
  }, [containerRef, selected]);
}

/** The Evidence tab: the evidence feature's panel, for one case (may be lazy: it renders under Suspense). */
export type CaseEvidencePanel = ComponentType<{ caseId: string; readOnly: boolean }>;

interface CaseDetailTabsProps {
  caseItem: Case;
  canEdit: boolean;
  EvidencePanel: CaseEvidencePanel;
}

/** Timeline, Tasks, Evidence, Identifiers and History; the selected tab lives in the URL (?tab=history). */
export function CaseDetailTabs({ caseItem, canEdit, EvidencePanel }: CaseDetailTabsProps) {
  const [searchParams, setSearchParams] = useLiveSearchParams();
  const selected = readCaseTab(searchParams);
  const readOnly = isCaseReadOnly(caseItem.status);
  const tabsRef = useRef<HTMLDivElement>(null);
  useSelectedTabInView(tabsRef, selected);

  const content: Record<CaseTab, () => ReactNode> = {
    timeline: () => <CaseTimeline caseId={caseItem.id} readOnly={readOnly} />,
    tasks: () => <CaseTasksTab caseId={caseItem.id} canEdit={canEdit && !readOnly} />,
    evidence: () => <EvidencePanel caseId={caseItem.id} readOnly={readOnly} />,
    identifiers: () => <CaseIdentifiersTab caseId={caseItem.id} />,
    history: () => <CaseHistoryTab caseItem={caseItem} />,
  };

  return (
    <div ref={tabsRef}>
      <Tabs
        selectedIndex={CASE_TABS.indexOf(selected)}
        onChange={({ selectedIndex }) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set(TAB_PARAM, CASE_TABS[selectedIndex]);
              return next;
            },
            { replace: true },
          )
        }
      >
        <TabList aria-label="Case sections">
          {CASE_TABS.map((tab) => (
            <Tab key={tab}>{LABELS[tab]}</Tab>
          ))}
        </TabList>
        <TabPanels>
          {CASE_TABS.map((tab) => (
            // Only the selected tab's content is mounted: the others would load data nobody looks at.
            <TabPanel key={tab} className="case-detail__panel">
              {tab === selected && (
                <Suspense fallback={<SkeletonText paragraph lineCount={4} />}>{content[tab]()}</Suspense>
              )}
            </TabPanel>
          ))}
        </TabPanels>
      </Tabs>
    </div>
  );
}
