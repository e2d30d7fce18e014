import { Button, HeaderPanel, Search } from '@carbon/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

interface SearchPanelProps {
  expanded: boolean;
  onClose: () => void;
}

/** Header search: looks a value up among identifiers, the product's searchable records. */
export function SearchPanel({ expanded, onClose }: SearchPanelProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    onClose();
    setText('');
    void navigate(`/identifiers?search=${encodeURIComponent(value)}`);
  }

  return (
    // Carbon's HeaderPanel is a plain <div>, which may not carry a name: Carbon's Search inside it is the
    // panel's landmark (role search, named by its label).
    <HeaderPanel expanded={expanded} addFocusListeners={false} className="app-header-panel">
      {expanded && (
        <form className="app-header-panel__body" onSubmit={submit}>
          <p className="app-header-panel__title">Search identifiers</p>
          <Search
            id="header-search"
            labelText="Search identifiers"
            placeholder="E-mail, phone, wallet..."
            size="lg"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoFocus
          />
          <p className="app-header-panel__hint">Opens the identifier list filtered by this text.</p>
          <Button type="submit" size="md" disabled={!text.trim()}>
            Search
          </Button>
        </form>
      )}
    </HeaderPanel>
  );
}
