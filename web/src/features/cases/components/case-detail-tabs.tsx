import { Tab, TabList, TabPanel, TabPanels, Tabs } from '@carbon/react';
import type { ComponentType, ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { isCaseReadOnly, type Case } from '@scamtrail/domain/cases';
import { CASE_TABS, readCaseTab, TAB_PARAM, type CaseTab } from './case-tab-param';
import { CaseHistoryTab } from './case-history-tab';
import { CaseIdentifiersTab } from './case-identifiers-tab';
import { CaseTasksTab } from './case-tasks-tab';
import { CaseTimeline } from '../journal/components/case-timeline';

const LABELS: Record<CaseTab, string> = {
  timeline: 'Timeline',
  tasks: 'Tasks',
  evidence: 'Evidence',
  identifiers: 'Identifiers',
  history: 'History',
};

/** The Evidence tab: the evidence feature's panel, for one case. */
export type CaseEvidencePanel = ComponentType<{ caseId: string; readOnly: boolean }>;

interface CaseDetailTabsProps {
  caseItem: Case;
  canEdit: boolean;
  EvidencePanel: CaseEvidencePanel;
}

/** Timeline, Tasks, Evidence, Identifiers and History; the selected tab lives in the URL (?tab=history). */
export function CaseDetailTabs({ caseItem, canEdit, EvidencePanel }: CaseDetailTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = readCaseTab(searchParams);
  const readOnly = isCaseReadOnly(caseItem.status);

  const content: Record<CaseTab, () => ReactNode> = {
    timeline: () => <CaseTimeline caseId={caseItem.id} readOnly={readOnly} />,
    tasks: () => <CaseTasksTab caseId={caseItem.id} canEdit={canEdit && !readOnly} />,
    evidence: () => <EvidencePanel caseId={caseItem.id} readOnly={readOnly} />,
    identifiers: () => <CaseIdentifiersTab caseId={caseItem.id} />,
    history: () => <CaseHistoryTab caseItem={caseItem} />,
  };

  return (
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
            {tab === selected && content[tab]()}
          </TabPanel>
        ))}
      </TabPanels>
    </Tabs>
  );
}
