import { OriginatorBadge, type OriginatorBadgeProps } from './originator-badge';
import { displayNameOf } from './originator-fields';
import './originator-with-proxy.scss';

/**
 * A record's originator badge and, when someone entered the record on the originator's behalf (a
 * community member's report taken by phone), "entered by {proxy}" beside it.
 */
export function OriginatorWithProxy(props: OriginatorBadgeProps) {
  const { proxy } = props.originator;
  return (
    <span className="originator-with-proxy">
      <OriginatorBadge {...props} />
      {proxy && <span className="originator-with-proxy__proxy">entered by {displayNameOf(proxy)}</span>}
    </span>
  );
}
