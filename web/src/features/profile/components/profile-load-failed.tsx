import { ListLoadFailed } from '../../../components/list-states';
import { errorMessage } from '../../../lib/api-error';

/** A profile list that failed to load: why, and a retry. */
export function ProfileLoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <ListLoadFailed
      title={title}
      error={error}
      description={errorMessage(error, 'The server did not answer.')}
      onRetry={onRetry}
    />
  );
}
