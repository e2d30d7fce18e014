import {
  Button,
  Link as CarbonLink,
  ComposedModal,
  ModalBody,
  ModalFooter,
  ModalHeader,
  Tag,
} from '@carbon/react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Originator } from '@scamtrail/domain/originators';
import { REPUTATION_CHANGE_SOURCE_LABELS, type ReputationHistoryEntry } from '@scamtrail/domain/reputation';
import { SectionPager } from '../../../components/section-pager';
import { useModalFocus } from '../../../components/modal-focus';
import { DescriptionList } from '../../../components/description-list';
import { SectionLoadState } from '../../../components/section-load-state';
import { formatDateTime } from '../../../lib/format';
import { keepFocusOnPress } from '../../../lib/modal-press';
import { REPUTATION_HISTORY_PAGE_SIZE, useReputationHistory } from '../api/get-reputation-history';
import { ReputationTag } from './community-member-tags';
import { paths } from '../../../lib/paths';
import './community-members.scss';
import '../../../styles/carbon/modal.scss';

/** "+5" or "−15", with a true minus sign. */
export function signedDelta(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

function Change({ change }: { change: ReputationHistoryEntry }) {
  return (
    <li className="reputation-history__item">
      <div className="reputation-history__change">
        <Tag type={change.delta > 0 ? 'green' : 'red'} size="sm">
          {signedDelta(change.delta)}
        </Tag>
        <span className="reputation-history__after">
          {change.before} → {change.after}
        </span>
      </div>
      <p className="reputation-history__reason">
        {change.reason}
        {change.identifier && (
          <>
            {': '}
            <CarbonLink
              as={Link}
              to={paths.identifiers({ open: change.identifier.id })}
              className="reputation-history__identifier"
            >
              {change.identifier.displayValue}
            </CarbonLink>
          </>
        )}
      </p>
      <p className="reputation-history__meta">
        {REPUTATION_CHANGE_SOURCE_LABELS[change.source]}
        {change.actor && ` · ${change.actor.displayName}`}
        {' · '}
        <time dateTime={change.at}>{formatDateTime(change.at)}</time>
      </p>
    </li>
  );
}

function HistoryList({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const query = useReputationHistory(memberId, page);
  if (query.isPending || query.isError) {
    return (
      <SectionLoadState query={query} errorTitle="The reputation history could not be loaded" lineCount={4} />
    );
  }
  const { data, pagination } = query.data;
  if (data.length === 0) {
    return (
      <p className="reputation-history__empty">
        No changes yet. Review decisions on the identifiers they report, and adjustments, appear here.
      </p>
    );
  }
  return (
    <>
      <ol
        className="reputation-history__list"
        aria-label="Reputation changes, newest first"
        aria-busy={query.isFetching}
      >
        {data.map((change) => (
          <Change key={change.id} change={change} />
        ))}
      </ol>
      <SectionPager
        page={page}
        pageSize={REPUTATION_HISTORY_PAGE_SIZE}
        pagination={pagination}
        disabled={query.isPlaceholderData}
        onPage={setPage}
      />
    </>
  );
}

/**
 * A community member's reputation and every change to it, newest first: adjustments by hand with their
 * reason, and review decisions on the identifiers they reported. Read-only.
 */
export function ReputationHistoryModal({ member, onClose }: { member: Originator; onClose: () => void }) {
  const focusProps = useModalFocus(true, 'action');
  const title = 'Reputation history';
  return (
    <ComposedModal open size="sm" onClose={onClose} aria-label={`${title}: ${member.name}`} {...focusProps}>
      <ModalHeader label={member.name} title={title} />
      <ModalBody hasScrollingContent aria-label={title} onMouseDown={keepFocusOnPress}>
        <DescriptionList
          items={[
            {
              label: 'Reputation',
              value: <ReputationTag reputation={member.communityMember?.reputation ?? 0} />,
            },
          ]}
        />
        <HistoryList memberId={member.id} />
      </ModalBody>
      <ModalFooter>
        <Button kind="primary" data-modal-primary-focus onClick={onClose}>
          Close
        </Button>
      </ModalFooter>
    </ComposedModal>
  );
}
