import { useEffect, useEffectEvent, useState } from 'react';
import type { FormEvent } from 'react';
import { TextInput } from '../../ui/text-input';
import { MAX_DEVICE_NAME_LENGTH } from '../../lib/constants';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Search devices": typing is committed after a pause (Enter commits at once). A change of the
 * committed value from elsewhere (back/forward, a link) replaces the text.
 */
export function DeviceSearchField({
  value,
  onCommit,
}: {
  value: string;
  onCommit(search: string): void;
}) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setCommitted(value);
      setText(value);
    }
  }

  const commit = useEffectEvent((search: string) => {
    setCommitted(search);
    onCommit(search);
  });

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === committed) return;
    const timer = window.setTimeout(() => commit(trimmed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, committed]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed === committed) return;
    setCommitted(trimmed);
    onCommit(trimmed);
  };

  return (
    <form role="search" onSubmit={submit} noValidate>
      {/* Composed from its parts (TextInput): MUI's TextField bundles its select mode. */}
      <TextInput
        label="Search devices"
        type="search"
        size="small"
        value={text}
        onChange={(e) => setText(e.target.value)}
        sx={{ width: { xs: '100%', sm: 320 } }}
        maxLength={MAX_DEVICE_NAME_LENGTH}
        autoComplete="off"
      />
    </form>
  );
}
