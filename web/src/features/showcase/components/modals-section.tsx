import { Button } from '@carbon/react';
import { TextInput } from '../../../components/text-fields';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/app-modal';
import { useToast } from '../../../components/toasts/toast-context';
import { ShowcaseSection } from './showcase-section';

type DemoModal = 'default' | 'danger' | 'loading' | null;

/** How long the loading demo pretends to work. */
const DEMO_WORK_MS = 2000;

export function ModalsSection() {
  const [open, setOpen] = useState<DemoModal>(null);
  const [loading, setLoading] = useState(false);
  const [caseName, setCaseName] = useState('');
  const { showToast } = useToast();
  const close = () => setOpen(null);

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => {
      setLoading(false);
      setOpen(null);
      showToast({ kind: 'success', title: 'Case created', subtitle: caseName });
    }, DEMO_WORK_MS);
    return () => window.clearTimeout(timer);
  }, [loading, caseName, showToast]);

  return (
    <ShowcaseSection id="modals" title="Modals">
      <div className="showcase-row">
        <Button kind="tertiary" onClick={() => setOpen('default')}>
          Open default modal
        </Button>
        <Button kind="danger--tertiary" onClick={() => setOpen('danger')}>
          Open danger modal
        </Button>
        <Button
          kind="tertiary"
          onClick={() => {
            setCaseName('');
            setOpen('loading');
          }}
        >
          Open form modal
        </Button>
      </div>
      <AppModal
        open={open === 'default'}
        title="Default modal"
        label="Size lg"
        onSubmit={close}
        onClose={close}
      >
        <p>Large by default, with Confirm and Cancel buttons.</p>
      </AppModal>
      <AppModal
        open={open === 'danger'}
        title="Delete this identifier?"
        size="sm"
        danger
        primaryButtonText="Delete"
        onSubmit={() => {
          close();
          showToast({ kind: 'success', title: 'Nothing was deleted', subtitle: 'This is a demo.' });
        }}
        onClose={close}
      >
        <p>Are you sure you want to delete this identifier?</p>
      </AppModal>
      <AppModal
        open={open === 'loading'}
        title="Create case"
        primaryButtonText="Create"
        loading={loading}
        loadingDescription="Creating..."
        primaryButtonDisabled={!caseName.trim()}
        onSubmit={() => setLoading(true)}
        onClose={close}
      >
        <TextInput
          id="showcase-case-name"
          labelText="Case name"
          helperText="Create stays disabled until a name is given, then shows progress and blocks a second click."
          value={caseName}
          onChange={(event) => setCaseName(event.target.value)}
        />
      </AppModal>
    </ShowcaseSection>
  );
}
