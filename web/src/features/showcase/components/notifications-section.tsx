import { ActionableNotification, Button, InlineNotification, Stack } from '@carbon/react';
import { useToast } from '../../../components/toasts/toast-context';
import type { ToastKind } from '../../../components/toasts/toast-types';
import { ShowcaseSection } from './showcase-section';

const KINDS: ToastKind[] = ['success', 'info', 'warning', 'error'];

const TOAST_TEXT: Record<ToastKind, { title: string; subtitle: string }> = {
  success: { title: 'Case saved', subtitle: 'Closes after 3 seconds.' },
  info: { title: 'Export started', subtitle: 'Closes after 5 seconds.' },
  warning: { title: 'Identifier not linked', subtitle: 'Closes after 5 seconds.' },
  error: { title: 'Upload failed', subtitle: 'Closes after 10 seconds.' },
};

export function NotificationsSection() {
  const { showToast } = useToast();
  return (
    <ShowcaseSection id="notifications" title="Notifications">
      <Stack gap={5}>
        <div className="showcase-row">
          {KINDS.map((kind) => (
            <Button
              key={kind}
              kind="tertiary"
              size="md"
              onClick={() => showToast({ kind, ...TOAST_TEXT[kind] })}
            >
              Show {kind} toast
            </Button>
          ))}
          <Button
            kind="ghost"
            size="md"
            onClick={() =>
              showToast({
                kind: 'info',
                title: 'Stays until closed',
                subtitle: 'A timeout of 0 keeps it open.',
                timeout: 0,
              })
            }
          >
            Show persistent toast
          </Button>
        </div>
        {KINDS.map((kind) => (
          <InlineNotification
            key={kind}
            kind={kind}
            title={TOAST_TEXT[kind].title}
            subtitle={`An inline ${kind} notification.`}
            lowContrast
          />
        ))}
        <ActionableNotification
          kind="warning"
          title="Unsaved changes"
          subtitle="Leave this case without saving?"
          actionButtonLabel="Stay"
          inline
          lowContrast
          onActionButtonClick={() => showToast({ kind: 'info', title: 'Still editing' })}
        />
      </Stack>
    </ShowcaseSection>
  );
}
