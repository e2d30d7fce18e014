import { Tag } from '@carbon/react';
import { originatorTypeLabel, reputationTagColor } from '@scamtrail/domain/originator-labels';
import { hasPermission } from '@scamtrail/domain/permissions';
import { useSession } from '../../lib/session';
import { DescriptionList } from '../description-list';
import type { BadgeOriginator, BadgeOriginatorRef } from './originator-badge-types';
import { additionalFields, displayNameOf, typeFields, type OriginatorField } from './originator-fields';

function fieldValue(field: OriginatorField) {
  if (field.reputation === undefined) return field.value;
  return (
    <Tag type={reputationTagColor(field.reputation)} size="sm">
      {field.value}
    </Tag>
  );
}

export function OriginatorInformation({ originator }: { originator: BadgeOriginator }) {
  const { user } = useSession();
  const canEditAutomations = hasPermission(user?.permissions, 'automation.edit');
  const items = typeFields(originator, canEditAutomations).map((field) => ({
    ...field,
    value: fieldValue(field),
  }));
  return <DescriptionList items={items} aria-label="Originator information" />;
}

/** Who entered the record and on whose behalf (spec 3 proxy fields). */
export function ProxyInformation({
  originator,
  proxy,
}: {
  originator: BadgeOriginator;
  proxy: BadgeOriginatorRef;
}) {
  return (
    <>
      <p className="originator-details__text">
        Entered by <strong>{displayNameOf(proxy)}</strong> on behalf of{' '}
        <strong>{displayNameOf(originator)}</strong>.
      </p>
      <DescriptionList
        aria-label="Proxy originator"
        items={[
          { label: 'Proxy originator', value: proxy.name },
          { label: 'Proxy type', value: originatorTypeLabel(proxy.type) },
          { label: 'Proxy originator ID', value: proxy.id },
        ]}
      />
    </>
  );
}

export function AdditionalData({ originator }: { originator: BadgeOriginator }) {
  const items = additionalFields(originator);
  if (items.length === 0) return <p className="originator-details__text">No other data.</p>;
  return <DescriptionList items={items} aria-label="Additional data" />;
}
