import { Loading } from '@carbon/react';

/** Shown while the session is being restored, before any screen can decide what to show. */
export function FullPageLoading() {
  return (
    <div className="full-page-loading">
      <Loading withOverlay={false} description="Loading Scamtrail" />
    </div>
  );
}
