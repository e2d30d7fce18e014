import { Button, HeaderPanel, Search } from '@carbon/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';

interface SearchPanelProps {
  expanded: boolean;
  onClose: () => void;
}

/** Header search: opens the search page, which looks the text up among cases, journal entries, identifiers and evidence. */
export function SearchPanel({ expanded, onClose }: SearchPanelProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    onClose();
    setText('');
    void navigate(paths.search({ q: value }));
  }

  return (
    // Carbon's HeaderPanel is a plain <div>, which may not carry a name: Carbon's Search inside it is the
    // panel's landmark (role search, named by its label).
    <HeaderPanel expanded={expanded} addFocusListeners={false} className="app-header-panel">
      {expanded && (
        <form className="app-header-panel__body" onSubmit={submit}>
          <p className="app-header-panel__title">Search</p>
          <Search
            id="header-search"
            labelText="Search cases, journals, identifiers and evidence"
            placeholder="Case title, e-mail, phone, wallet, file name..."
            size="lg"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
          {/* The field's label is visually hidden: the hint names what is searched. */}
          <p className="app-header-panel__hint">
            Opens the search page with the cases, journal entries, identifiers and evidence that match.
          </p>
          <Button type="submit" size="md" disabled={!text.trim()}>
            Search
          </Button>
        </form>
      )}
    </HeaderPanel>
  );
}
